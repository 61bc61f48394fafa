//! `.map` source files (in progress).
