"""The rules, one module per rule, named as the rulebook names it: advancing the chart
(`advance`), spawning (`spawning`), the bonuses (`bonuses`), the boss sighting
(`boss_sighting`), the timeout (`timeout`), the mini-boss (`mini_boss`), the dungeon boss's
spawn and relics (`boss_spawn`), the dungeon boss in play (`boss`; its hearts `hearts`, the
other bosses of its fight `fight_bosses`, its fight card's effects `fight_effects`, the models
it summons `summons`), rewards (`rewards`), 1.0's power gauge (`power_gauge`), wounds and
status effects (`tracked`) and the keywords that change the Consul's bookkeeping (`keywords`).
A rule's steps are defined in its module (`STEPS`: each step's one `StepDef`). `engine.apply`
and `confirm` call them."""
