//! [`aas_convert()`] (`aas convert IN OUT`): read a `.aas` (validating every cross-reference)
//! and write it back.
//!
//! The output uses the canonical layout (header, then the 14 lumps one after another in lump
//! order), which is how bspc writes files; a version-5 file in that layout is reproduced byte
//! for byte.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::aas_info::read_aas;
use crate::error::Error;
use crate::output::{Report, write_json_direct};

/// The report of `aas convert`: what was written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AasConvertReport {
    /// The file written.
    pub output: PathBuf,
    /// Its size in bytes.
    pub bytes: usize,
    /// Its version.
    pub version: i32,
    /// Whether it equals the input byte for byte (else the input's layout was not canonical).
    pub identical: bool,
}

/// Reads the `.aas` `input` (validating it) and writes it to `output`.
///
/// # Errors
/// When the input cannot be read or is invalid, or the output cannot be written.
pub fn aas_convert(input: &Path, output: &Path) -> Result<AasConvertReport, Error> {
    let (original, aas) = read_aas(input)?;
    let bytes = aas.to_bytes();
    std::fs::write(output, &bytes).map_err(|source| Error::Io {
        path: output.to_owned(),
        source,
    })?;
    Ok(AasConvertReport {
        output: output.to_owned(),
        bytes: bytes.len(),
        version: aas.version,
        identical: bytes == original,
    })
}

impl Report for AasConvertReport {
    /// The fields (the command line has no `--json` for `aas convert`).
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_direct(out, self)
    }

    /// `wrote OUT (N bytes, version V, byte-identical to the input|canonical layout)`.
    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        let identical = if self.identical {
            "byte-identical to the input"
        } else {
            "canonical layout"
        };
        writeln!(
            out,
            "wrote {} ({} bytes, version {}, {identical})",
            self.output.display(),
            self.bytes,
            self.version
        )?;
        Ok(())
    }
}
