//! Quake III `.aas` files (in progress).
