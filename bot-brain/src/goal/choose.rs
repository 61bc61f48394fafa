//! Choosing a long-term goal (LTG) or a nearby goal (NBG) among the items the bot knows of,
//! as botlib's `BotChooseLTGItem` and `BotChooseNBGItem` score them (reference §8).
//!
//! Candidates are the level items in placing order, then the remembered dropped items in the
//! order they were first seen. For each:
//!
//! 1. `w` = the **undecided** fuzzy weight of its class over the bot's inventory (leaves drawn
//!    from the `rng` passed in, one draw per leaf reached, candidates in order).
//! 2. A dropped item adds [`ScoreSettings::dropped_weight`].
//! 3. A roam spot multiplies `w` by the (undecided) `item_botroam` weight.
//! 4. `w ≤ 0`: not wanted ([`Verdict::Unwanted`]; no route is asked for).
//! 5. `t` = the travel time from the bot (hundredths of a second, from the caller's
//!    [`TravelTimes`]); no route: [`Verdict::NoRoute`].
//! 6. NBG only: `t ≥ maxtime` is [`Verdict::TooFar`]; with a long-term goal, the travel time
//!    from the item to it must be at most the bot's own ([`Verdict::OffRoute`] otherwise; no
//!    route from the item is off route, and no route from the bot lets any item through).
//! 7. Still avoided, `remaining − t × 0.009 > 0`: [`Verdict::Avoided`].
//! 8. Known taken and not back in time by the same rule, with `remaining` the seconds until
//!    it is expected back ([`ItemKnowledge`]): [`Verdict::NotBack`]. This replaces botlib's
//!    look at whether the item entity exists, which a fair player cannot know.
//! 9. `score = w / (t × 0.01)` ([`Verdict::Scored`]); `t` of 0 (standing on it) counts as 1.
//!
//! The best is the first candidate with the highest score above 0 (a later equal score does
//! not replace it, as in botlib). [`GoalState`] then pushes it on the goal stack and avoids
//! it for [`avoid_time_s`].

use fuzzy_weights::{CompiledConfig, EvalSettings, Inventory, WeightId};
use glam::Vec3;
use rand::Rng;

use super::error::GoalStackFull;
use super::knowledge::ItemKnowledge;
use super::level_items::LevelItems;
use super::stack::{AvoidGoals, GoalStack, avoid_time_s, ms_between, still_waiting};
use super::target::{Goal, GoalId};

/// Travel times, from the caller's router: the time in hundredths of a second to travel from
/// `from` to `goal` (`None` when there is no route). Implemented for closures
/// `FnMut(Vec3, &Goal) -> Option<u16>`.
pub trait TravelTimes {
    /// Hundredths of a second from `from` to `goal`, or `None` when unreachable.
    fn travel_time(&mut self, from: Vec3, goal: &Goal) -> Option<u16>;
}

impl<F: FnMut(Vec3, &Goal) -> Option<u16>> TravelTimes for F {
    fn travel_time(&mut self, from: Vec3, goal: &Goal) -> Option<u16> {
        self(from, goal)
    }
}

/// Botlib's `TRAVELTIME_SCALE`: seconds per hundredth.
pub const TRAVELTIME_SCALE: f32 = 0.01;

/// Settings of scoring.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScoreSettings {
    /// How weights are evaluated (interpolation and the undecided quirk).
    pub eval: EvalSettings,
    /// Added to the weight of an item a player dropped (botlib's libvar `droppedweight`,
    /// 1000 by default), so that dropped items, which vanish, are taken first.
    pub dropped_weight: f32,
}

impl Default for ScoreSettings {
    fn default() -> Self {
        Self {
            eval: EvalSettings::default(),
            dropped_weight: 1000.0,
        }
    }
}

/// What goal choice reads: the level, the weights, what the bot knows and its own state.
#[derive(Debug, Clone, Copy)]
pub struct GoalContext<'a> {
    /// The level's items.
    pub level: &'a LevelItems,
    /// The item weights `level` was built with.
    pub weights: &'a CompiledConfig,
    /// What the bot knows of the items.
    pub knowledge: &'a ItemKnowledge,
    /// The bot's inventory.
    pub inventory: &'a Inventory,
    /// Where the bot is.
    pub origin: Vec3,
    /// Match time (ms).
    pub now_ms: u32,
    /// Scoring settings.
    pub settings: ScoreSettings,
}

/// What became of a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Scored.
    Scored,
    /// Its weight is not above 0.
    Unwanted,
    /// No route from the bot.
    NoRoute,
    /// NBG: not nearer than the maximum time.
    TooFar,
    /// NBG: farther from the long-term goal than the bot is.
    OffRoute,
    /// In the avoid goals, and still avoided when the bot would get there.
    Avoided,
    /// Known taken, and not back when the bot would get there.
    NotBack,
}

/// One candidate's weight, travel time and score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    /// The goal.
    pub goal: Goal,
    /// Its weight (steps 1–3).
    pub weight: f32,
    /// The travel time from the bot (hundredths), when asked and found.
    pub travel_time: Option<u16>,
    /// Its score (0 unless [`Verdict::Scored`]).
    pub score: f32,
    /// What became of it.
    pub verdict: Verdict,
}

/// Every candidate considered, and the best.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Choice {
    /// Every candidate, in order.
    pub candidates: Vec<Candidate>,
    /// The position of the best in `candidates`.
    pub best: Option<usize>,
}

impl Choice {
    /// The chosen goal.
    #[must_use]
    pub fn goal(&self) -> Option<Goal> {
        self.best.map(|i| self.candidates[i].goal)
    }

    /// The candidate for `goal`.
    #[must_use]
    pub fn candidate(&self, goal: GoalId) -> Option<&Candidate> {
        self.candidates.iter().find(|c| c.goal.id == goal)
    }
}

/// The nearby-goal rules of step 6.
#[derive(Debug, Clone, Copy)]
struct NearbyLimits<'g> {
    max_time: u16,
    ltg: Option<(&'g Goal, u16)>,
}

/// Scores every candidate as a long-term goal (steps 1–5, 7–9) and picks the best.
///
/// # Complexity
/// One weight evaluation and at most one route query per candidate.
pub fn score_ltg(
    ctx: &GoalContext<'_>,
    avoid: &AvoidGoals,
    travel: &mut impl TravelTimes,
    rng: &mut (impl Rng + ?Sized),
) -> Choice {
    score(ctx, avoid, None, travel, rng)
}

/// Scores every candidate as a nearby goal: as [`score_ltg`], but only items less than
/// `max_time` hundredths away, and, when there is a long-term goal `ltg`, only items from
/// which `ltg` is no farther than it is from the bot.
///
/// # Complexity
/// One weight evaluation and at most two route queries per candidate, plus one.
pub fn score_nbg(
    ctx: &GoalContext<'_>,
    avoid: &AvoidGoals,
    ltg: Option<&Goal>,
    max_time: u16,
    travel: &mut impl TravelTimes,
    rng: &mut (impl Rng + ?Sized),
) -> Choice {
    let ltg = ltg.map(|goal| {
        let bot_to_ltg = travel.travel_time(ctx.origin, goal).unwrap_or(u16::MAX);
        (goal, bot_to_ltg)
    });
    score(
        ctx,
        avoid,
        Some(NearbyLimits { max_time, ltg }),
        travel,
        rng,
    )
}

fn score(
    ctx: &GoalContext<'_>,
    avoid: &AvoidGoals,
    nearby: Option<NearbyLimits<'_>>,
    travel: &mut impl TravelTimes,
    rng: &mut (impl Rng + ?Sized),
) -> Choice {
    let mut candidates = Vec::with_capacity(ctx.level.len() + ctx.knowledge.dropped().len());
    let mut best: Option<(usize, f32)> = None;
    let mut consider = |candidate: Candidate| {
        if candidate.verdict == Verdict::Scored
            && candidate.score > best.map_or(0.0, |(_, score)| score)
        {
            best = Some((candidates.len(), candidate.score));
        }
        candidates.push(candidate);
    };
    let eval = |id: WeightId, rng: &mut _| {
        ctx.weights
            .evaluate_undecided(id, ctx.inventory, ctx.settings.eval, rng)
    };
    for (id, item) in ctx.level.iter() {
        let mut weight = eval(item.weight, rng);
        if item.roam {
            let roam = ctx.level.roam_weight().map_or(1.0, |roam| eval(roam, rng));
            weight *= roam;
        }
        let goal = Goal {
            id: GoalId::Spot(id),
            origin: item.origin,
            item: item.item,
        };
        consider(judge(ctx, avoid, nearby, travel, goal, weight));
    }
    for dropped in ctx.knowledge.dropped() {
        let Some(id) = ctx.level.dropped_weight(dropped.item) else {
            continue;
        };
        let weight = eval(id, rng) + ctx.settings.dropped_weight;
        let goal = Goal {
            id: GoalId::Dropped {
                entity: dropped.entity,
            },
            origin: dropped.origin,
            item: Some(dropped.item),
        };
        consider(judge(ctx, avoid, nearby, travel, goal, weight));
    }
    Choice {
        candidates,
        best: best.map(|(i, _)| i),
    }
}

/// Steps 4–9 for one candidate of weight `weight`.
fn judge(
    ctx: &GoalContext<'_>,
    avoid: &AvoidGoals,
    nearby: Option<NearbyLimits<'_>>,
    travel: &mut impl TravelTimes,
    goal: Goal,
    weight: f32,
) -> Candidate {
    let mut candidate = Candidate {
        goal,
        weight,
        travel_time: None,
        score: 0.0,
        verdict: Verdict::Unwanted,
    };
    if weight <= 0.0 {
        return candidate;
    }
    let Some(t) = travel.travel_time(ctx.origin, &goal) else {
        candidate.verdict = Verdict::NoRoute;
        return candidate;
    };
    candidate.travel_time = Some(t);
    if let Some(limits) = nearby {
        if t >= limits.max_time {
            candidate.verdict = Verdict::TooFar;
            return candidate;
        }
        if let Some((ltg, bot_to_ltg)) = limits.ltg {
            let on_route = travel
                .travel_time(goal.origin, ltg)
                .is_some_and(|item_to_ltg| item_to_ltg <= bot_to_ltg);
            if !on_route {
                candidate.verdict = Verdict::OffRoute;
                return candidate;
            }
        }
    }
    if avoid.is_avoided(goal.id, ctx.now_ms, t) {
        candidate.verdict = Verdict::Avoided;
        return candidate;
    }
    if let GoalId::Spot(id) = goal.id
        && let Some(back_ms) = ctx.knowledge.back_ms(id)
        && still_waiting(ms_between(ctx.now_ms, back_ms), t)
    {
        candidate.verdict = Verdict::NotBack;
        return candidate;
    }
    candidate.score = weight / (f32::from(t.max(1)) * TRAVELTIME_SCALE);
    candidate.verdict = Verdict::Scored;
    candidate
}

/// A bot's goals: its goal stack and its avoid goals (botlib's goal state).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GoalState {
    /// The goal stack.
    pub stack: GoalStack,
    /// The avoid goals.
    pub avoid: AvoidGoals,
}

impl GoalState {
    /// A state with no goal.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Chooses a long-term goal ([`score_ltg`]); the chosen one, if any, is pushed on the
    /// goal stack and avoided for [`avoid_time_s`].
    ///
    /// # Errors
    /// [`GoalStackFull`] when a goal was chosen but the stack is full (nothing changes).
    pub fn choose_ltg(
        &mut self,
        ctx: &GoalContext<'_>,
        travel: &mut impl TravelTimes,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<Choice, GoalStackFull> {
        let choice = score_ltg(ctx, &self.avoid, travel, rng);
        self.commit(ctx, &choice)?;
        Ok(choice)
    }

    /// Chooses a nearby goal ([`score_nbg`]) within `max_time` hundredths, on the way to
    /// `ltg`; the chosen one, if any, is pushed and avoided as in
    /// [`choose_ltg`](Self::choose_ltg).
    ///
    /// # Errors
    /// [`GoalStackFull`] when a goal was chosen but the stack is full (nothing changes).
    pub fn choose_nbg(
        &mut self,
        ctx: &GoalContext<'_>,
        ltg: Option<&Goal>,
        max_time: u16,
        travel: &mut impl TravelTimes,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<Choice, GoalStackFull> {
        let choice = score_nbg(ctx, &self.avoid, ltg, max_time, travel, rng);
        self.commit(ctx, &choice)?;
        Ok(choice)
    }

    fn commit(&mut self, ctx: &GoalContext<'_>, choice: &Choice) -> Result<(), GoalStackFull> {
        if let Some(goal) = choice.goal() {
            self.stack.push(goal)?;
            self.avoid
                .add_for(goal.id, ctx.now_ms, avoid_time_s(&goal, ctx.level));
        }
        Ok(())
    }
}
