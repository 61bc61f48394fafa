//! Integration tests of the file-format readers and writers: synthetic files, property tests,
//! robustness against damaged input, and the nine shared real maps.
//!
//! One test binary (modules below) keeps link time low and lets the modules share
//! [`common`].

#[path = "../common/mod.rs"]
mod common;

mod aas_q3_props;
mod aas_q3_real_data;
mod aas_world;
mod bsp_q3_real_data;
mod bsp_q3_robustness;
mod bsp_q3_visibility_real_data;
mod map_text_dialects;
mod map_text_errors;
mod map_text_real_data;
mod map_text_robustness;
mod map_text_texture_rules;
mod rng;
mod sample_queries;
