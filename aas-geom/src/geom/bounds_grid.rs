//! [`BoundsGrid`]: a uniform grid over x and y listing which of a set of boxes touch each cell,
//! to find the boxes near a box without comparing every pair.

use glam::DVec3;

use super::push_set_bits;

/// Side of the grid, in cells, at most.
const MAX_CELLS: usize = 64;

/// Smallest cell side (units).
const MIN_CELL: f64 = 64.0;

/// A uniform grid over x and y of the boxes it was built from: each cell lists (in increasing
/// order) the indices of the boxes whose x-y extent touches it.
#[derive(Debug, Clone)]
pub struct BoundsGrid {
    origin: DVec3,
    cell: f64,
    side: usize,
    /// Cell `c` lists `listed[starts[c]..starts[c + 1]]` (one list for all cells, so that
    /// building the grid allocates twice, not once per cell).
    starts: Vec<u32>,
    listed: Vec<u32>,
    /// How many boxes the grid was built from.
    count: usize,
}

impl BoundsGrid {
    /// The grid of `boxes` (`(mins, maxs)` each). Boxes with non-finite bounds are listed in
    /// the cells their finite coordinates clamp to.
    ///
    /// # Complexity
    /// `O(n + Σ cells touched)` for `n` boxes.
    #[must_use]
    pub fn new(boxes: &[(DVec3, DVec3)]) -> Self {
        let (lo, hi) = boxes
            .iter()
            .filter(|(lo, hi)| lo.is_finite() && hi.is_finite())
            .fold(
                (DVec3::INFINITY, DVec3::NEG_INFINITY),
                |(a, b), &(lo, hi)| (a.min(lo), b.max(hi)),
            );
        let origin = if lo.is_finite() { lo } else { DVec3::ZERO };
        let extent = (hi - lo).max_element();
        let cell = if extent.is_finite() {
            (extent / MAX_CELLS as f64).max(MIN_CELL)
        } else {
            MIN_CELL
        };
        let mut grid = Self {
            origin,
            cell,
            side: MAX_CELLS,
            starts: Vec::new(),
            listed: Vec::new(),
            count: boxes.len(),
        };
        let boxes = &boxes[..boxes.len().min(u32::MAX as usize)];
        let cells: Vec<((usize, usize), (usize, usize))> = boxes
            .iter()
            .map(|&(lo, hi)| (grid.cell_of(lo), grid.cell_of(hi)))
            .collect();
        // Count each cell's listings, then place them: `starts` ends as each cell's start.
        let mut ends = vec![0_usize; MAX_CELLS * MAX_CELLS + 1];
        for &((x0, y0), (x1, y1)) in &cells {
            for y in y0..=y1 {
                for x in x0..=x1 {
                    ends[y * MAX_CELLS + x + 1] += 1;
                }
            }
        }
        for c in 1..ends.len() {
            ends[c] += ends[c - 1];
        }
        let mut next = ends.clone();
        let mut listed = vec![0_u32; ends[MAX_CELLS * MAX_CELLS]];
        for (index, &((x0, y0), (x1, y1))) in (0_u32..).zip(&cells) {
            for y in y0..=y1 {
                for x in x0..=x1 {
                    let slot = &mut next[y * MAX_CELLS + x];
                    listed[*slot] = index;
                    *slot += 1;
                }
            }
        }
        grid.starts = ends
            .into_iter()
            .map(|e| u32::try_from(e).unwrap_or(u32::MAX))
            .collect();
        grid.listed = listed;
        grid
    }

    /// The cell holding `point`, clamped to the grid (NaN goes to cell 0).
    fn cell_of(&self, point: DVec3) -> (usize, usize) {
        let index = |value: f64, origin: f64| {
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "`as` saturates: negative and NaN give 0, and the cell is clamped"
            )]
            let cell = ((value - origin) / self.cell).floor() as usize;
            cell.min(self.side - 1)
        };
        (index(point.x, self.origin.x), index(point.y, self.origin.y))
    }

    /// Puts into `out` (cleared first), in increasing order and once each, the indices of
    /// the boxes listed in the cells that the x-y extent `mins..maxs` touches: every box whose
    /// x-y extent overlaps it, and perhaps more (callers test the boxes themselves; a query
    /// whose cells list more entries than there are boxes gets every box).
    ///
    /// # Complexity
    /// `O(k + n / 64)` for `k` listings in the cells touched and `n` boxes in the grid: the
    /// listings are gathered in a bit set, which gives them in order and once each (a box
    /// spanning many cells is listed in each, and sorting those repeats cost more than the
    /// rest of the query on maps with large brushes).
    pub fn near(&self, mins: DVec3, maxs: DVec3, out: &mut Vec<usize>) {
        out.clear();
        let ((x0, y0), (x1, y1)) = (self.cell_of(mins), self.cell_of(maxs));
        // The cells `x0..=x1` of a row are listed one after another.
        let row = |y: usize| {
            let (start, end) = (
                self.starts[y * self.side + x0],
                self.starts[y * self.side + x1 + 1],
            );
            &self.listed[start as usize..end as usize]
        };
        let listings: usize = (y0..=y1).map(|y| row(y).len()).sum();
        if listings >= self.count {
            // A query as large as the grid: every box, without gathering.
            out.extend(0..self.count.min(u32::MAX as usize));
            return;
        }
        let mut seen = vec![0_u64; self.count.div_ceil(64)];
        for y in y0..=y1 {
            for &index in row(y) {
                let index = index as usize;
                if let Some(word) = seen.get_mut(index / 64) {
                    *word |= 1 << (index % 64);
                }
            }
        }
        push_set_bits(&seen, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overlaps(a: (DVec3, DVec3), b: (DVec3, DVec3)) -> bool {
        a.0.x <= b.1.x && b.0.x <= a.1.x && a.0.y <= b.1.y && b.0.y <= a.1.y
    }

    #[test]
    fn near_finds_every_overlapping_box() {
        // A deterministic scatter of boxes of many sizes, one huge, one degenerate.
        let mut boxes = Vec::new();
        let mut state = 12345_u64;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            ((state >> 33) as f64) / f64::from(u32::MAX >> 1)
        };
        for _ in 0..300 {
            let lo = DVec3::new(next() * 4000.0 - 2000.0, next() * 4000.0 - 2000.0, 0.0);
            let size = DVec3::new(next() * 300.0, next() * 300.0, 10.0);
            boxes.push((lo, lo + size));
        }
        boxes.push((DVec3::splat(-3000.0), DVec3::splat(3000.0)));
        boxes.push((DVec3::splat(5.0), DVec3::splat(5.0)));
        let grid = BoundsGrid::new(&boxes);
        let mut near = Vec::new();
        for &query in &boxes {
            grid.near(query.0, query.1, &mut near);
            let brute: Vec<usize> = (0..boxes.len())
                .filter(|&i| overlaps(boxes[i], query))
                .collect();
            assert!(brute.iter().all(|i| near.binary_search(i).is_ok()));
            assert!(near.windows(2).all(|w| w[0] < w[1]));
        }
    }

    #[test]
    fn empty_and_non_finite_inputs_are_safe() {
        let grid = BoundsGrid::new(&[]);
        let mut near = vec![7];
        grid.near(DVec3::ZERO, DVec3::ONE, &mut near);
        assert!(near.is_empty());
        let grid = BoundsGrid::new(&[(DVec3::NAN, DVec3::INFINITY), (DVec3::ZERO, DVec3::ONE)]);
        grid.near(DVec3::NEG_INFINITY, DVec3::INFINITY, &mut near);
        assert_eq!(near, [0, 1]);
    }
}
