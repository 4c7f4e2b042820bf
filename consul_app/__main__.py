"""`python -m consul_app` runs the `consul` command."""

from consul_app.commands.cli import main

raise SystemExit(main())
