"""One widget per pane of the table screen, plus the new-game form's fields."""
