//! [`LogWriter`]: writes a match log as it is played.

use std::io::{self, Write};

use serde::Serialize;

use super::decision::DecisionLine;
use super::route::RouteLine;
use super::schema::{FrameLine, Header};
use crate::sim::Event;

/// An event line: the frame, then the event's fields with its kind under `"event"`.
#[derive(Serialize)]
struct EventLine<'a> {
    frame: u32,
    #[serde(flatten)]
    event: &'a Event,
}

/// Writes the lines of a match log to any writer (buffer it: a line per event and frame).
#[derive(Debug)]
pub struct LogWriter<W: Write> {
    out: W,
}

impl<W: Write> LogWriter<W> {
    /// A writer to `out`.
    pub fn new(out: W) -> Self {
        Self { out }
    }

    fn line(&mut self, value: &impl Serialize) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, value).map_err(io::Error::other)?;
        self.out.write_all(b"\n")
    }

    /// Writes the header (the first line).
    ///
    /// # Errors
    /// When the writer fails.
    pub fn header(&mut self, header: &Header) -> io::Result<()> {
        self.line(header)
    }

    /// Writes the events of `frame`.
    ///
    /// # Errors
    /// When the writer fails.
    pub fn events(&mut self, frame: u32, events: &[Event]) -> io::Result<()> {
        for event in events {
            self.line(&EventLine { frame, event })?;
        }
        Ok(())
    }

    /// Writes a route line (debug information; before the frame's line).
    ///
    /// # Errors
    /// When the writer fails.
    pub fn route(&mut self, line: &RouteLine) -> io::Result<()> {
        self.line(line)
    }

    /// Writes a decision line (debug information; before the frame's line).
    ///
    /// # Errors
    /// When the writer fails.
    pub fn decision(&mut self, line: &DecisionLine) -> io::Result<()> {
        self.line(line)
    }

    /// Writes a frame line.
    ///
    /// # Errors
    /// When the writer fails.
    pub fn frame(&mut self, line: &FrameLine) -> io::Result<()> {
        self.line(line)
    }

    /// Flushes and returns the writer.
    ///
    /// # Errors
    /// When flushing fails.
    pub fn finish(mut self) -> io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}
