//! The texture-name rule table: every default rule, and callers' overrides.

use aas_geom::brush::{Contents, SurfaceFlags};
use aas_geom::format::map_text::{
    MapSettings, TexturePattern, TextureRule, TextureRules, read_map,
};

#[test]
fn every_default_rule_classifies_its_names() {
    let hidden = SurfaceFlags::NODRAW | SurfaceFlags::NONSOLID;
    let sky = SurfaceFlags::SKY | SurfaceFlags::NOIMPACT | SurfaceFlags::NOLIGHTMAP;
    let liquid = SurfaceFlags::NONSOLID;
    let cases: [(&str, Contents, SurfaceFlags); 37] = [
        ("common/caulk", Contents::SOLID, SurfaceFlags::NODRAW),
        (
            "textures/common/CAULK",
            Contents::SOLID,
            SurfaceFlags::NODRAW,
        ),
        ("common/nodraw", Contents::SOLID, SurfaceFlags::NODRAW),
        ("common/nodrawnonsolid", Contents::empty(), hidden),
        ("common/clip", Contents::PLAYERCLIP, hidden),
        ("common/playerclip", Contents::PLAYERCLIP, hidden),
        ("common/weapclip", Contents::SOLID, SurfaceFlags::NODRAW),
        ("common/botclip", Contents::BOTCLIP, hidden),
        ("common/trigger", Contents::TRIGGER, SurfaceFlags::NODRAW),
        ("common/clusterportal", Contents::CLUSTERPORTAL, hidden),
        ("common/donotenter", Contents::DONOTENTER, hidden),
        ("common/areaportal", Contents::AREAPORTAL, hidden),
        (
            "common/hint",
            Contents::empty(),
            hidden | SurfaceFlags::HINT,
        ),
        (
            "common/skip",
            Contents::empty(),
            hidden | SurfaceFlags::SKIP,
        ),
        ("common/origin", Contents::ORIGIN, hidden),
        ("common/nodrop", Contents::NODROP, hidden),
        ("common/fog_red", Contents::FOG, SurfaceFlags::NONSOLID),
        ("sfx/xlightgreyfog", Contents::FOG, SurfaceFlags::NONSOLID),
        ("*water1", Contents::WATER, liquid),
        ("*lava1", Contents::LAVA, liquid),
        ("*slime0", Contents::SLIME, liquid),
        ("*04water2", Contents::WATER, liquid),
        ("liquids/vorwater", Contents::WATER, liquid),
        ("common/watercaulk", Contents::WATER, liquid),
        ("liquids/LavaHell", Contents::LAVA, liquid),
        ("common/lavacaulk", Contents::LAVA, liquid),
        ("e1u1/slime1", Contents::SLIME, liquid),
        ("*teleport", Contents::WATER, liquid),
        ("skies/nitesky", Contents::SOLID, sky),
        ("sky4", Contents::SOLID, sky),
        ("e1u1/sky1", Contents::SOLID, sky),
        ("clip", Contents::PLAYERCLIP, hidden),
        ("e1u1/clip", Contents::PLAYERCLIP, hidden),
        ("trigger", Contents::TRIGGER, SurfaceFlags::NODRAW),
        ("e1u1/trigger", Contents::TRIGGER, SurfaceFlags::NODRAW),
        ("origin", Contents::ORIGIN, hidden),
        ("base_wall/metal", Contents::SOLID, SurfaceFlags::empty()),
    ];
    let rules = TextureRules::default();
    for (name, contents, flags) in cases {
        assert_eq!(rules.classify(name), (contents, flags), "{name}");
    }
    // The first match wins: `common/clip` is hidden behind its exact rule, not `/clip`'s.
    assert_eq!(
        rules.find("common/clip").map(|r| &r.pattern),
        Some(&TexturePattern::Exact("common/clip".into()))
    );
}

#[test]
fn callers_prepend_append_and_replace_the_fallback() {
    let solid_water_stain = TextureRule::new(
        TexturePattern::Exact("base_wall/waterstain".into()),
        Contents::SOLID,
        SurfaceFlags::empty(),
    );
    let ladder = TextureRule::new(
        TexturePattern::Suffix("_rungs".into()),
        Contents::PLAYERCLIP,
        SurfaceFlags::LADDER,
    );
    let water_everywhere = TextureRule::new(
        TexturePattern::Contains("".into()),
        Contents::WATER,
        SurfaceFlags::empty(),
    );
    assert_eq!(
        TextureRules::default().classify("base_wall/waterstain").0,
        Contents::WATER
    );
    let rules = TextureRules::default()
        .prepend(solid_water_stain)
        .append(ladder);
    assert_eq!(rules.classify("base_wall/waterstain").0, Contents::SOLID);
    assert_eq!(
        rules.classify("wood_RUNGS"),
        (Contents::PLAYERCLIP, SurfaceFlags::LADDER)
    );
    // The defaults know ladder textures and the invisible ladder clip.
    assert_eq!(
        TextureRules::default().classify("base_trim/wood_ladder"),
        (Contents::SOLID, SurfaceFlags::LADDER)
    );
    assert_eq!(
        TextureRules::default().classify("common/ladderclip").0,
        Contents::PLAYERCLIP
    );
    // An appended rule does not override a default one.
    let rules = TextureRules::default().append(water_everywhere.clone());
    assert_eq!(rules.classify("common/caulk").0, Contents::SOLID);
    assert_eq!(rules.classify("anything").0, Contents::WATER);
    // A table of one's own, with another fallback.
    let rules = TextureRules::new(vec![water_everywhere])
        .with_fallback(Contents::empty(), SurfaceFlags::NODRAW);
    assert_eq!(rules.classify("common/caulk").0, Contents::WATER);
    let empty = TextureRules::new(Vec::new()).with_fallback(Contents::LAVA, SurfaceFlags::NODRAW);
    assert_eq!(empty.classify("x"), (Contents::LAVA, SurfaceFlags::NODRAW));
}

#[test]
fn the_reader_uses_the_given_rules() {
    let text = "{\n{\n\
        ( 1 0 1 ) ( 0 0 1 ) ( 0 1 1 ) my/glass 0 0 0 1 1\n\
        ( 0 1 0 ) ( 0 0 0 ) ( 1 0 0 ) my/glass 0 0 0 1 1\n\
        ( 1 0 0 ) ( 1 0 1 ) ( 1 1 0 ) my/glass 0 0 0 1 1\n\
        ( 0 1 0 ) ( 0 1 1 ) ( 0 0 0 ) my/glass 0 0 0 1 1\n\
        ( 1 1 0 ) ( 1 1 1 ) ( 0 1 0 ) my/glass 0 0 0 1 1\n\
        ( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) my/glass 0 0 0 1 1\n\
        }\n}\n";
    let world = read_map(text.as_bytes(), &MapSettings::default()).unwrap();
    assert_eq!(world.brushes[0].contents, Contents::SOLID);
    let options = MapSettings {
        texture_rules: TextureRules::default().prepend(TextureRule::new(
            TexturePattern::Prefix("my/".into()),
            Contents::SOLID | Contents::TRANSLUCENT,
            SurfaceFlags::NOMARKS,
        )),
        ..MapSettings::default()
    };
    let world = read_map(text.as_bytes(), &options).unwrap();
    assert_eq!(
        world.brushes[0].contents,
        Contents::SOLID | Contents::TRANSLUCENT
    );
    assert_eq!(world.textures[0].surface_flags, SurfaceFlags::NOMARKS);
}
