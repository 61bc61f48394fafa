//! The fast path of [`parse_canonical`](super::parse_canonical): a hand-written
//! recursive-descent reader of the language of `weights.pest`, for texts that parse.
//!
//! It accepts exactly what the pest grammar accepts (property-tested against it) and builds
//! the same config with the same warnings, through the same [`Walk`] and [`Collector`].
//! It gives up (`None`) at the first thing that is not a valid config — a syntax error or a
//! semantic one (float or out-of-range index, case value above `i32::MAX`, two `default`s)
//! — and the pest parsers then decide, so every error comes from the grammar as before.
//! pest costs about ten times as much per token (its per-rule call tracking, stack probes
//! and implicit whitespace rule), which on real files was a quarter of a bot's load time.

use crate::model::{Case, Leaf, Limit, Node, Switch, Weight};

use super::{Collector, Parsed, Walk, decode_string};

/// Parses `text` if it is a valid config; `None` otherwise.
pub(super) fn parse(text: &str) -> Option<Parsed> {
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        walk: Walk {
            text,
            warnings: Vec::new(),
        },
    };
    let mut collector = Collector::default();
    loop {
        reader.blanks();
        if reader.pos == reader.bytes.len() {
            break;
        }
        let offset = reader.pos;
        if !reader.keyword(b"weight") {
            return None;
        }
        let weight = reader.weight()?;
        collector.add(&mut reader.walk, offset, weight);
    }
    Some(collector.finish(reader.walk))
}

/// The reading position in the text and the warnings so far.
struct Reader<'t> {
    text: &'t str,
    bytes: &'t [u8],
    pos: usize,
    walk: Walk<'t>,
}

impl<'t> Reader<'t> {
    /// Skips blanks: what the grammar's `WHITESPACE` matches (space, `\t` to `\r`).
    fn blanks(&mut self) {
        while let Some(&c) = self.bytes.get(self.pos) {
            if c == b' ' || (b'\t'..=b'\r').contains(&c) {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    /// Blanks, then whether the next byte is `p` (not consumed).
    fn at(&mut self, p: u8) -> bool {
        self.blanks();
        self.bytes.get(self.pos) == Some(&p)
    }

    /// Blanks, then the punctuation `p`.
    fn punct(&mut self, p: u8) -> Option<()> {
        if self.at(p) {
            self.pos += 1;
            Some(())
        } else {
            None
        }
    }

    /// Blanks, then the keyword `kw` not followed by a name character (consumed only if
    /// it is there).
    fn keyword(&mut self, kw: &[u8]) -> bool {
        self.blanks();
        let end = self.pos + kw.len();
        let matches = self.bytes.get(self.pos..end) == Some(kw)
            && !self
                .bytes
                .get(end)
                .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_');
        if matches {
            self.pos = end;
        }
        matches
    }

    /// Blanks, then `[0-9]+ ("." [0-9]+)?`.
    fn digits(&mut self) -> Option<&'t str> {
        self.blanks();
        let start = self.pos;
        let run = |bytes: &[u8], from: usize| {
            bytes.get(from..).map_or(0, |rest| {
                rest.iter().take_while(|c| c.is_ascii_digit()).count()
            })
        };
        let whole = run(self.bytes, start);
        if whole == 0 {
            return None;
        }
        let mut end = start + whole;
        if self.bytes.get(end) == Some(&b'.') {
            let fraction = run(self.bytes, end + 1);
            if fraction > 0 {
                end += 1 + fraction;
            }
        }
        self.pos = end;
        self.text.get(start..end)
    }

    /// An integer (`index` or `case_value`): no dot, fits `u64`.
    fn integer(&mut self) -> Option<u64> {
        let digits = self.digits()?;
        if digits.contains('.') {
            return None;
        }
        digits.parse().ok()
    }

    /// After `weight`: the name and the body, braced or not.
    fn weight(&mut self) -> Option<Weight> {
        let name = self.string()?;
        let body = if self.at(b'{') {
            self.pos += 1;
            let body = self.statement()?;
            self.punct(b'}')?;
            body
        } else {
            self.statement()?
        };
        Some(Weight { name, body })
    }

    /// A string literal, decoded.
    fn string(&mut self) -> Option<String> {
        self.blanks();
        let start = self.pos;
        if self.bytes.get(start) != Some(&b'"') {
            return None;
        }
        let mut i = start + 1;
        loop {
            match self.bytes.get(i)? {
                b'"' => break,
                b'\\' => {
                    self.bytes.get(i + 1)?;
                    i += 2;
                }
                _ => i += 1,
            }
        }
        self.pos = i + 1;
        Some(decode_string(self.text.get(start..self.pos)?))
    }

    /// `switch …` or `return …`.
    fn statement(&mut self) -> Option<Node> {
        if self.keyword(b"switch") {
            self.switch().map(Node::Switch)
        } else if self.keyword(b"return") {
            self.leaf().map(Node::Leaf)
        } else {
            None
        }
    }

    /// After `switch`: `( index ) { item+ }`, a default appended with a warning if missing.
    fn switch(&mut self) -> Option<Switch> {
        self.punct(b'(')?;
        let index = u8::try_from(self.integer()?).ok()?;
        self.punct(b')')?;
        self.punct(b'{')?;
        let mut cases = Vec::new();
        let mut has_default = false;
        loop {
            let limit = if self.keyword(b"case") {
                Limit::Below(i32::try_from(self.integer()?).ok()?)
            } else if self.keyword(b"default") {
                if has_default {
                    return None;
                }
                has_default = true;
                Limit::Default
            } else {
                break;
            };
            self.punct(b':')?;
            let node = if self.at(b'{') {
                self.pos += 1;
                let node = self.statement()?;
                self.punct(b'}')?;
                node
            } else {
                self.statement()?
            };
            cases.push(Case { limit, node });
        }
        if cases.is_empty() {
            return None;
        }
        self.punct(b'}')?;
        if !has_default {
            self.walk.no_default(self.pos);
            cases.push(Case {
                limit: Limit::Default,
                node: Node::Leaf(Leaf::plain(0.0)),
            });
        }
        Some(Switch { index, cases })
    }

    /// After `return`: a value or `balance ( v , v , v )`, then `;`.
    fn leaf(&mut self) -> Option<Leaf> {
        let leaf = if self.keyword(b"balance") {
            self.punct(b'(')?;
            let weight = self.num()?;
            self.punct(b',')?;
            let min = self.num()?;
            self.punct(b',')?;
            let max = self.num()?;
            self.punct(b')')?;
            Leaf::balance(weight, min, max)
        } else {
            Leaf::plain(self.num()?)
        };
        self.punct(b';')?;
        Some(leaf)
    }

    /// A value, perhaps with a `-` (dropped with a warning, as the walk does).
    fn num(&mut self) -> Option<f32> {
        self.blanks();
        let offset = self.pos;
        let negative = self.bytes.get(offset) == Some(&b'-');
        if negative {
            self.pos += 1;
        }
        let digits = self.digits()?;
        let value = super::number_value(digits);
        if negative {
            self.walk.negative(offset, digits);
        }
        Some(value)
    }
}
