"""`python -m consul_app` runs the `consul` command."""

from consul_app.cli import main

raise SystemExit(main())
