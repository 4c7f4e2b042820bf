"""The app's screens: new game, resume, the table, help, and the decision modals."""
