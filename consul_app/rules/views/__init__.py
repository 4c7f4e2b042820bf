"""Views derived from the state for the screen, each module named by what it shows: the steps
(`prompts`, and their short rule texts `rule_texts`), the turn (`turn`), the chart (`chart`),
the boss (`boss`), the spawning pool (`pool`), the spawning points (`spawning_points`), 1.0's
power gauge (`gauge`), the bonuses (`bonuses`), a model's card (`cards`), the lookup (`lookup`),
what keywords do (`keyword_effects`) and their texts (`keyword_texts`), what the Consul may do
now (`options`), an action's label (`describe`), the recap since the last turn (`recap`) and
the game's story (`story`)."""
