//! [`Brain`] as a [`Player`]: begin, think, decisions and the summary report.

use std::collections::BTreeMap;

use bot_interface::{BotInput, BotView, Decision, MatchInfo, Player, PlayerReport, Route, Senses};

use crate::network::AiNode;

use super::Brain;

impl Player for Brain<'_, '_> {
    fn name(&self) -> &str {
        &self.profile.name
    }

    /// It reads the players it sees (enemies, and to give way) and the items it sees.
    fn senses(&self) -> Senses {
        Senses::PLAYERS | Senses::ITEMS
    }

    fn begin(&mut self, info: &MatchInfo) {
        if info.frame_ms > 0 {
            self.frame_ms = info.frame_ms;
        }
        self.me = info.you;
        self.team = info.team;
        self.talker.set_player(info.you);
        self.talker.scene_mut().level_title.clone_from(&info.map);
        self.names.clear();
        self.bot.begin(info);
        self.team_play.begin(info);
        self.node = AiNode::Observer;
        self.entered = false;
        self.next_heard_chase_ms = 0;
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        let thinks = self.clock.tick(self.frame_ms);
        #[expect(clippy::cast_precision_loss, reason = "a frame of a few milliseconds")]
        let frame_seconds = self.frame_ms as f32 / 1000.0;
        self.switches.spend(self.node, frame_seconds);
        if view.me.alive {
            self.team_play.spend(frame_seconds);
        }
        // Sounds, obituaries and chat last one frame: heard every frame.
        let scoreboard = &view.scoreboard;
        self.hearing.listen(view, |id| {
            scoreboard.players.get(id.index()).map(|line| line.team)
        });
        self.chat_events(view, thinks);
        if thinks {
            self.sight.update(view);
            self.think_team(view);
            self.run_network(view);
        } else {
            self.sight.track(view);
        }
        self.act(view, thinks)
    }

    fn route(&self) -> Option<&Route> {
        self.bot.route()
    }

    fn take_decisions(&mut self, out: &mut Vec<Decision>) {
        self.switches.take(out);
    }

    fn report(&self) -> Option<PlayerReport> {
        let ai_nodes: BTreeMap<String, f32> = AiNode::ALL
            .into_iter()
            .map(|node| (node, self.switches.seconds(node)))
            .filter(|&(_, seconds)| seconds > 0.0)
            .map(|(node, seconds)| (node.name().to_owned(), seconds))
            .collect();
        Some(PlayerReport {
            bot: self.profile.bot_name(),
            skill: self.profile.skill,
            ai_nodes,
            chats: self.talker.sent(),
            stuck_seconds: self.stuck.seconds(),
            max_switches_per_think: self.switches.most_in_a_think(),
            task_seconds: self.team_play.task_seconds(),
            diagnostics: self.profile.diagnostics.clone(),
            ..PlayerReport::default()
        })
    }
}
