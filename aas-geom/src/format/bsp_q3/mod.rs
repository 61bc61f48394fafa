//! Quake III IBSP `.bsp` files (in progress).
