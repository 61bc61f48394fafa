//! Golden tests of Quake III's rules (`bot_world::rules`) against the numbers of the
//! reference (q3-game-rules.md): one module per part of the table, in `tests/rules/`.

mod rules {
    mod damage;
    mod items;
    mod player;
    mod scoring;
    mod spawn;
    mod table;
}
