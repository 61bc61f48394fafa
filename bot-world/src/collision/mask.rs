//! Content masks: which brushes a query sees. A brush takes part in a trace or a point query
//! only when its contents intersect the mask.

use aas_geom::brush::Contents;

/// What a shot (hitscan or missile) stops at: solid brushes, player bodies and corpses (the
/// last two are boxes, not brushes: see [`trace_boxes`](super::trace_boxes)). Player clip
/// does not stop shots.
pub const SHOT: Contents = Contents::SOLID
    .union(Contents::BODY)
    .union(Contents::CORPSE);

/// What a moving player is stopped by: solid brushes, player clip and other players' bodies.
pub const PLAYER_SOLID: Contents = Contents::SOLID
    .union(Contents::PLAYERCLIP)
    .union(Contents::BODY);

/// What blocks sight and sound: solid brushes only, so water, slime, lava, fog and clip
/// brushes are seen through.
pub const SIGHT: Contents = Contents::SOLID;

/// The liquids that drown, burn or poison a player ([`Contents::LIQUID`]).
pub const LIQUID: Contents = Contents::LIQUID;

/// Every brush.
pub const ALL: Contents = Contents::all();
