//! Lint
