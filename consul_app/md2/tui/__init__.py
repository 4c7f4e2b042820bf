"""The MD2 screens: a dashboard per hero, laid out like the printed ones, with the steps line,
the log and a key for every action (`consul md2`)."""
