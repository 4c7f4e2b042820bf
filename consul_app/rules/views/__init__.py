"""Views derived from the state for the screen, each module named by what it shows: the chart
(`chart`), the boss (`boss`), the spawning pool (`pool`), the spawning points
(`spawning_points`), 1.0's power gauge (`gauge`), a model's card (`cards`), the lookup
(`lookup`), what keywords do (`keyword_effects`) and their texts (`keyword_texts`)."""
