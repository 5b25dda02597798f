//! Script games solved strongly, by retrograde analysis: impartial scripts
//! with `fn result` (and plain `moves` scripts when `grundy solve` plays
//! them out), and partizan scripts with `fn left` and `fn right`. Their
//! options are single positions; a script's error, which the solver's calls
//! cannot return, is kept and handed to the solver as the game's failure.

use std::sync::Arc;

use rhai::Dynamic;

use super::{position::Sum, FirstError, Position, Rules};
use crate::catalogue::position_and_player;
use crate::error::{Error, Result};
use crate::retrograde::{Ending, PartizanGame, Player, StrongGame, Turns};
use crate::strong::StrongRules;
use crate::value::Standing;
use crate::word::Word;

/// An option of a game solved strongly: one position, never a sum.
pub(super) fn single(rules: &Rules, value: Dynamic, call: &dyn Fn() -> String) -> Result<Position> {
    if value.is::<Sum>() {
        return Err(rules.script.value_error(format!(
            "{}: a move to a sum of positions, sum([...]), has no place in a game solved \
             strongly (one with fn result, a partizan one, or one grundy solve plays out): \
             each option is one position",
            call()
        )));
    }
    rules.position(value, call)
}

/// An impartial script solved strongly: the player to move's options by
/// `fn moves`, and where the rules end the game by `fn result` ("win",
/// "lose" or "tie" for the player to move), if the script defines it.
pub struct StrongScript {
    rules: Arc<Rules>,
    failure: FirstError,
}

impl StrongScript {
    pub(super) fn new(rules: Arc<Rules>) -> StrongScript {
        StrongScript {
            rules,
            failure: FirstError::default(),
        }
    }
}

impl StrongGame for StrongScript {
    type Position = Position;

    fn start(&self) -> Result<Position> {
        self.rules.start()
    }

    fn moves(&self, position: &Position, moves: &mut Vec<Position>) {
        let rules = &*self.rules;
        moves.extend(self.failure.or_default(|| {
            rules.options("moves", position, |option, call| {
                single(rules, option, call)
            })
        }));
    }

    fn finished(&self, position: &Position) -> Option<Standing> {
        if !self.rules.ends {
            return None;
        }
        let endings = [
            ("win", Standing::Win),
            ("lose", Standing::Lose),
            ("tie", Standing::Tie),
        ];
        self.failure
            .or_default(|| self.rules.result(position, &endings))
    }

    fn format_position(&self, position: &Position) -> String {
        self.rules.format(position)
    }

    fn heap_bytes(&self, position: &Position) -> u64 {
        position.heap_bytes()
    }

    fn failure(&self) -> Option<Error> {
        self.failure.take()
    }
}

impl StrongRules for StrongScript {
    fn name(&self) -> String {
        self.rules.name()
    }

    fn digest(&self) -> Option<String> {
        Some(self.rules.digest())
    }

    fn parse_position(&self, word: &Word) -> Result<Position> {
        self.rules.parse(word)
    }
}

/// A partizan script: Left's options by `fn left`, Right's by `fn right`,
/// and where the rules end the game by `fn result` ("Left" or "Right", the
/// winner, or "tie"), if the script defines it.
pub struct PartizanScript {
    rules: Arc<Rules>,
    failure: FirstError,
}

impl PartizanScript {
    pub(super) fn new(rules: Arc<Rules>) -> PartizanScript {
        PartizanScript {
            rules,
            failure: FirstError::default(),
        }
    }
}

impl PartizanGame for PartizanScript {
    type Position = Position;

    fn start(&self) -> Result<Position> {
        self.rules.start()
    }

    fn moves(&self, position: &Position, player: Player, add: &mut dyn FnMut(Position)) {
        let rules = &*self.rules;
        let function = match player {
            Player::Left => "left",
            Player::Right => "right",
        };
        let options = self.failure.or_default(|| {
            rules.options(function, position, |option, call| {
                single(rules, option, call)
            })
        });
        options.into_iter().for_each(add);
    }

    fn finished(&self, position: &Position) -> Option<Ending> {
        if !self.rules.ends {
            return None;
        }
        let endings = [
            ("Left", Ending::Win(Player::Left)),
            ("Right", Ending::Win(Player::Right)),
            ("tie", Ending::Tie),
        ];
        self.failure
            .or_default(|| self.rules.result(position, &endings))
    }

    fn format_position(&self, position: &Position) -> String {
        self.rules.format(position)
    }

    fn heap_bytes(&self, position: &Position) -> u64 {
        position.heap_bytes()
    }

    fn failure(&self) -> Option<Error> {
        self.failure.take()
    }
}

impl StrongRules for Turns<PartizanScript> {
    fn name(&self) -> String {
        self.game().rules.name()
    }

    fn digest(&self) -> Option<String> {
        Some(self.game().rules.digest())
    }

    /// `P@Left` or `P@Right`, P as the script spells positions.
    fn parse_position(&self, word: &Word) -> Result<(Position, Player)> {
        let (position, player) = position_and_player(
            word,
            "a position of a partizan script says who moves there: P@Left or P@Right",
        )?;
        Ok((self.game().rules.parse(&position)?, player))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::catalogue::script::engine::Script;
    use crate::retrograde::{solve_from, Options, Solved};
    use crate::value::Solution;
    use rhai::INT;

    fn strong(text: &str) -> StrongScript {
        let script = Script::compile("test.rhai", text).unwrap();
        StrongScript::new(Arc::new(Rules::new(script).unwrap()))
    }

    /// A table of a script's solve records the digest of its text
    /// (issue 19, item 2); scripts' positions have no numbers yet, so no
    /// table of them is written, but the digest is what one would carry.
    #[test]
    fn the_digest_is_of_the_scripts_text() {
        let text = "fn moves(n) { if n > 0 { [n - 1] } else { [] } }";
        let digest = strong(text).digest().unwrap();
        assert_eq!(digest, crate::file::sha256_hex(text.as_bytes()));
        assert_ne!(strong(&format!("{text}\n")).digest().unwrap(), digest);
    }

    /// A script of a game on vertices 0..n: the options of v are
    /// `moves[v]`, and `result(v)` is `ends[v]` (or `()`).
    fn graph_script(moves: &[Vec<u32>], ends: &[Option<Standing>]) -> String {
        let moves: Vec<String> = moves.iter().map(|m| format!("{m:?}")).collect();
        let ends: Vec<&str> = ends
            .iter()
            .map(|end| match end {
                None => "()",
                Some(Standing::Win) => "\"win\"",
                Some(Standing::Lose) => "\"lose\"",
                Some(_) => "\"tie\"",
            })
            .collect();
        format!(
            "const MOVES = [{}];\nconst ENDS = [{}];\n\
             fn moves(v) {{ MOVES[v] }}\nfn result(v) {{ ENDS[v] }}\n",
            moves.join(", "),
            ends.join(", ")
        )
    }

    /// Every vertex's solution by the definitions, in rounds where each
    /// round decides from what the rounds before it decided, so a
    /// position's round is its remoteness: won in round r when some option
    /// was lost in round r - 1 and none before, lost when every option was
    /// won and the last of them in round r - 1; then ties the same way from
    /// the finished ties; the rest are draws.
    fn by_rounds(moves: &[Vec<u32>], ends: &[Option<Standing>]) -> Vec<Solution> {
        let at = |standing, r| Some((standing, r));
        let mut value: Vec<Option<(Standing, u32)>> = (0..moves.len())
            .map(|v| match ends[v] {
                Some(end) => at(end, 0),
                None if moves[v].is_empty() => at(Standing::Lose, 0),
                None => None,
            })
            .collect();
        for phase in [[Standing::Win, Standing::Lose], [Standing::Tie; 2]] {
            for round in 1.. {
                let before = value.clone();
                let of = |v: &u32| before[*v as usize].map(|(s, _)| s);
                for (v, options) in moves.iter().enumerate() {
                    if value[v].is_some() {
                        continue;
                    }
                    value[v] = match phase {
                        [Standing::Win, _]
                            if options.iter().any(|o| of(o) == Some(Standing::Lose)) =>
                        {
                            at(Standing::Win, round)
                        }
                        [Standing::Win, _]
                            if options.iter().all(|o| of(o) == Some(Standing::Win)) =>
                        {
                            at(Standing::Lose, round)
                        }
                        [Standing::Tie, _]
                            if options.iter().any(|o| of(o) == Some(Standing::Tie)) =>
                        {
                            at(Standing::Tie, round)
                        }
                        _ => None,
                    };
                }
                if value == before {
                    break;
                }
            }
        }
        value
            .into_iter()
            .map(|v| match v {
                Some((standing, r)) => Solution {
                    standing,
                    remoteness: Some(r),
                },
                None => Solution {
                    standing: Standing::Draw,
                    remoteness: None,
                },
            })
            .collect()
    }

    fn solve_every_vertex(game: &StrongScript, count: usize) -> Vec<Solution> {
        let roots: Vec<Position> = (0..count as i64).map(Position::Integer).collect();
        let table = solve_from(game, &roots, &Options { memory: 1 << 24 }, &mut |_| true).unwrap();
        roots
            .iter()
            .map(|v| table.solution(game, v).unwrap())
            .collect()
    }

    /// A cycle 1 -> 2 -> 3 -> 1 with no way out is a draw; 4 ties by moving
    /// to 5, which the rules call a tie, rather than into the cycle; 7 can
    /// only move to a win for the opponent (6) or into the cycle: a draw.
    #[test]
    fn a_small_game_with_a_cycle_and_a_tie() {
        let moves = [
            vec![],
            vec![2],
            vec![3],
            vec![1],
            vec![1, 5],
            vec![],
            vec![0],
            vec![6, 1],
            vec![6, 4],
        ];
        let mut ends = [None; 9];
        ends[5] = Some(Standing::Tie);
        let game = strong(&graph_script(&moves, &ends));
        let solved = solve_every_vertex(&game, moves.len());
        let letters: Vec<String> = solved.iter().map(|s| s.to_string()).collect();
        assert_eq!(
            letters,
            ["L in 0", "D", "D", "D", "T in 1", "T in 0", "W in 1", "D", "T in 2"]
        );
        assert_eq!(solved, by_rounds(&moves, &ends));
    }

    fn game_graph() -> impl Strategy<Value = (Vec<Vec<u32>>, Vec<Option<Standing>>)> {
        (1usize..12).prop_flat_map(|n| {
            let moves = prop::collection::vec(prop::collection::vec(0..n as u32, 0..4), n);
            let end = prop_oneof![
                6 => Just(None),
                1 => Just(Some(Standing::Win)),
                1 => Just(Some(Standing::Lose)),
                2 => Just(Some(Standing::Tie)),
            ];
            (moves, prop::collection::vec(end, n))
        })
    }

    fn partizan(name: &str, text: &str) -> Turns<PartizanScript> {
        let script = Script::compile(name, text).unwrap();
        let game = PartizanScript::new(Arc::new(Rules::new(script).unwrap()));
        Turns::new(game, Player::Left)
    }

    /// Issue 21, item 6b: the search for the outcome alone
    /// (`retrograde::search`) gives every position of these games the
    /// standing a solve gives it, each player to move: bars of chocolate
    /// (HDU 3544) up to 4×4 and positions of several bars, noughts and
    /// crosses on a row of three (ties), and the moves script of
    /// `cycle.rhai` played out (draws, where the search leaves the answer
    /// to the solve).
    #[test]
    fn the_search_for_the_outcome_agrees_with_the_solve() {
        use crate::retrograde::search::check_every_position;
        const CHOCOLATE: &str = include_str!("../../../../../examples/chocolate.rhai");
        const NOUGHTS: &str = include_str!("../../../../../examples/noughts.rhai");
        const CYCLE: &str = include_str!("../../../../../examples/cycle.rhai");
        let chocolate = partizan("chocolate.rhai", CHOCOLATE);
        let bars: [&[INT]; 6] = [
            &[4, 4],
            &[3, 4],
            &[2, 3],
            &[1, 4, 2, 3],
            &[1, 2, 2, 2, 3, 1],
            &[2, 2, 2, 3, 3, 2],
        ];
        for bars in bars {
            for player in [Player::Left, Player::Right] {
                let root = (Position::Tuple(bars.into()), player);
                let (positions, answered) = check_every_position(&chocolate, &root);
                assert_eq!(answered, positions, "{bars:?}");
            }
        }
        let noughts = partizan("noughts.rhai", NOUGHTS);
        for player in [Player::Left, Player::Right] {
            let root = (Position::Text("...".into()), player);
            let (positions, answered) = check_every_position(&noughts, &root);
            assert_eq!(answered, positions);
        }
        let cycle = strong(CYCLE);
        let (positions, answered) = check_every_position(&cycle, &Position::Integer(4));
        // Heaps 0, 1 and 2 are answered (2 wins by taking both chips before
        // its move to 3 is tried); 3 and 4 are draws, which the search
        // meets as a cycle.
        assert_eq!((positions, answered), (5, 3));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// A script of a random game graph, solved by retrograde analysis,
        /// agrees with the rounds of the definitions.
        #[test]
        fn random_scripts_agree_with_the_definitions((moves, ends) in game_graph()) {
            let game = strong(&graph_script(&moves, &ends));
            prop_assert_eq!(solve_every_vertex(&game, moves.len()), by_rounds(&moves, &ends));
        }
    }
}
