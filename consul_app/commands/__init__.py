"""The `consul` subcommands: each module has `register(subparsers)` and a `run(args)`."""
