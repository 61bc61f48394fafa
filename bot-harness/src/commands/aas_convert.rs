//! `aas convert IN OUT`: read a `.aas` (validating every cross-reference) and write it back.
//!
//! The output uses the canonical layout (header, then the 14 lumps one after another in lump
//! order), which is how bspc writes files; a version-5 file in that layout is reproduced byte
//! for byte.

use std::io::Write;
use std::path::Path;

use crate::error::CliError;

use super::aas_info::read_aas;

pub(super) fn run(input: &Path, output: &Path, out: &mut impl Write) -> Result<(), CliError> {
    let (original, aas) = read_aas(input)?;
    let bytes = aas.to_bytes();
    std::fs::write(output, &bytes).map_err(|source| CliError::Io {
        path: output.to_owned(),
        source,
    })?;
    let identical = if bytes == original {
        "byte-identical to the input"
    } else {
        "canonical layout"
    };
    writeln!(
        out,
        "wrote {} ({} bytes, version {}, {identical})",
        output.display(),
        bytes.len(),
        aas.version
    )?;
    Ok(())
}
