// The explorer's page: asks the API (/api/...) and draws its answers. The
// position is in the URL (?expr=...), so a link can be shared and the back
// button goes back a move.
"use strict";

const $ = (id) => document.getElementById(id);
const api = (path, params) => fetch(path + "?" + new URLSearchParams(params)).then(async (r) => {
  const body = await r.json();
  if (!r.ok) throw body.error;
  return body;
});

// The standing of the player to move, from an answer's outcome letter:
// N and W win, P and L lose, T ties, D draws.
const STANDING = { N: "win", W: "win", P: "lose", L: "lose", T: "tie", D: "draw" };
const EXPLAIN = {
  win: "the player to move wins",
  lose: "the player to move loses (whatever they do, the opponent wins)",
  tie: "a tie with perfect play",
  draw: "a draw: neither player can force a win, play goes on forever",
};

const YOUR_MOVE = {
  win: "Your move: you can win from here. Find the winning move!",
  lose: "Your move: with perfect play the engine wins. Hold out as long as you can.",
  tie: "Your move: the best either side can do is a tie.",
  draw: "Your move: neither side can force a win.",
};

let families = [];
// The game being played: {history: [...], start, over, waiting}; of a
// position with a value, also `sides`: {user: "left" or "right", toMove}.
let game = null;
let current = null;  // the answer shown

const PLAYER = { left: "Left", right: "Right" };
const other = (player) => (player === "left" ? "right" : "left");

function params(expr) {
  const p = { expr };
  if ($("misere").checked) p.misere = "true";
  return p;
}

function showError(error, expr) {
  const box = $("error");
  let text = (error && error.message) || String(error);
  if (error.column && expr !== undefined) {
    text += "\n\n  " + expr + "\n  " + " ".repeat(Math.max(0, error.column - 1)) + "^";
  }
  box.textContent = text;
  box.hidden = false;
}

// Goes to `expr`: in the URL with the misère box (a new history entry
// unless `replace`), so that a link or a reload shows the same answer;
// then analyzed and shown.
async function go(expr, replace) {
  const misere = $("misere").checked;
  const url = "?" + new URLSearchParams(misere ? { expr, misere: "true" } : { expr });
  if (replace) history.replaceState({ expr, misere }, "", url);
  else history.pushState({ expr, misere }, "", url);
  return show(expr);
}

// The question the address asks: its expression, and the misère box set
// as it says.
function fromAddress(state) {
  const query = new URLSearchParams(location.search);
  $("misere").checked = state ? !!state.misere : query.get("misere") === "true";
  return (state && state.expr) || query.get("expr");
}

// The sign of work while questions are out: "Working…" shown and the
// answer shown greyed, until each has its answer or its error.
let asking = 0;
async function working(question) {
  const sign = (n) => {
    asking += n;
    $("working").hidden = asking === 0;
    $("answer").classList.toggle("busy", asking > 0);
  };
  sign(1);
  try {
    return await question;
  } finally {
    sign(-1);
  }
}

async function show(expr) {
  $("expr").value = expr;
  $("error").hidden = true;
  try {
    const [answer, moves] = await working((async () => {
      const answer = await api("/api/analyze", params(expr));
      return [answer, await movesOf(expr, answer)];
    })());
    current = { expr, answer, moves, toMove: playing() ? game.sides.toMove : undefined };
    draw(current);
    return current;
  } catch (error) {
    showError(error, expr);
    // In a game the board stays, and the game ends where it failed.
    if (game && !game.over) stopGame(error);
    else $("answer").hidden = true;
    return null;
  }
}

// Whether a game with sides (a position with a value) is being played.
function playing() {
  return !!(game && game.sides && !game.over);
}

// Every move from the position with its value for the player making it,
// as `grundy play` sees them (/api/moves); of a sum of partizan values,
// the moves of the player to move in a game, else every move of each
// player, each to the whole sum after it; under every-move play, the
// winning moves.
async function movesOf(expr, a) {
  // A loopy value is answered as a whole: its moves are not listed.
  if (isLoopy(a)) return [];
  if (a.left_moves) {
    const players = playing() ? [game.sides.toMove] : ["left", "right"];
    const sides = await Promise.all(players.map(async (player) => {
      const listed = await api("/api/moves", Object.assign(params(expr), { player }));
      return listed.moves.map((m) => ({
        move: PLAYER[player] + ": " + m.move, to: m.to, standing: m.standing, remoteness: m.remoteness,
      }));
    }));
    return sides.flat();
  }
  if (a.play === "every") {
    return a.winning_moves.map((m) => ({ move: m.move, to: m.to, standing: "win" }));
  }
  const listed = await api("/api/moves", params(expr));
  return listed.moves.map((m) => ({
    move: m.move, to: m.to, standing: m.standing, remoteness: m.remoteness,
  }));
}

// Whether the answer is of a sum of partizan values: under normal play it
// has `is_number`, under misère play `misere_form`.
function isValued(a) {
  return a.is_number !== undefined || a.misere_form !== undefined;
}

// Whether the answer is of a loopy value (`on`, `{0|pass}`): it says
// whether the game is a stopper, and its outcome class may be a draw.
function isLoopy(a) {
  return a.stopper !== undefined;
}

// A loopy value's outcome class in a few words: Left's and Right's wins,
// the first or second player's, a draw, and the hatted and checked
// classes, where one player wins when they start (N) or when the other
// does (P) and the game is a draw otherwise.
const LOOPY_WORD = {
  L: "Left wins", R: "Right wins", N: "first wins", P: "second wins", D: "draw",
  PHat: "Left wins second", PCheck: "Right wins second", NHat: "Left wins first", NCheck: "Right wins first",
};

// A sum of values has no player to move: its N and P are the mover's win
// and loss, but its L and R say which player wins, and get badges of their
// own (an L there is no loss).
function standingOf(a, toMove) {
  if (isValued(a) && toMove) {
    // The player to move wins an N, and an L (Left) or R (Right) of theirs.
    return a.outcome === "N" || a.outcome === { left: "L", right: "R" }[toMove] ? "win" : "lose";
  }
  if (isValued(a)) return { N: "win", P: "lose" }[a.outcome];
  return STANDING[a.outcome];
}

// The standing of the player to move at a position shown.
function standingAt(p) {
  return standingOf(p.answer, p.toMove);
}

// The status line while the user is to move.
function yourMove() {
  const standing = standingAt(current);
  if (game && game.sides) {
    const as = "Your move (" + PLAYER[game.sides.user] + ")";
    return (YOUR_MOVE[standing] || "Your move.").replace("Your move", as);
  }
  return YOUR_MOVE[standing] || "Your move.";
}

// The word under the badge's letter, so that one letter never reads two
// ways: a solved position's L is the mover's loss, a value's L is Left's
// win, and each says which.
function badgeWord(a) {
  if (isLoopy(a)) return LOOPY_WORD[a.outcome] || "";
  if (isValued(a)) return { L: "Left wins", R: "Right wins", N: "first wins", P: "second wins" }[a.outcome] || "";
  return { win: "wins", lose: "loses", tie: "ties", draw: "draws" }[standingOf(a)] || "";
}

function badgeClass(a) {
  if (isLoopy(a)) return { L: "left", R: "right", D: "draw" }[a.outcome] || "";
  const standing = standingOf(a);
  if (standing) return standing;
  if (isValued(a)) return { L: "left", R: "right" }[a.outcome] || "";
  return "";
}

function draw({ expr, answer: a, moves }) {
  $("answer").hidden = false;
  const standing = standingOf(a);
  const badge = $("outcome");
  badge.textContent = a.outcome;
  badge.className = "badge " + badgeClass(a);
  badge.dataset.word = badgeWord(a);
  $("position").textContent = a.expression || expr;
  $("explain").textContent = isLoopy(a) ? a.outcome_explanation
    : isValued(a) && a.left_moves
      ? "outcome class " + a.outcome + " (" + classText(a.outcome) + ")"
      : EXPLAIN[standing] || "";
  const facts = [];
  if (isLoopy(a)) {
    if (a.value !== null) facts.push("value " + a.value);
    else if (a.onside !== null) facts.push("onside " + a.onside + ", offside " + a.offside);
    else facts.push("no simplest form, sides not found");
    facts.push(a.stopper ? "stopper" : "not a stopper");
    facts.push(a.positions + (a.positions === 1 ? " position" : " positions"));
  }
  if (a.nimber !== undefined && a.nimber !== null) facts.push("nimber " + a.nimber);
  if (a.value !== undefined && a.left_moves) facts.push("value " + a.value);
  if (a.misere_form) facts.push("misère form " + a.misere_form);
  if (a.temperature !== undefined) facts.push("temperature " + a.temperature);
  if (a.left_stop !== undefined) facts.push("stops " + a.left_stop + " (Left), " + a.right_stop + " (Right)");
  if (a.birthday !== undefined) facts.push("birthday " + a.birthday);
  if (a.is_all_small) facts.push("all-small");
  else if (a.is_infinitesimal) facts.push("infinitesimal");
  if (a.atomic_weight !== undefined) facts.push("atomic weight " + a.atomic_weight);
  if (a.reduced !== undefined && a.reduced !== a.value) facts.push("reduced " + a.reduced);
  if (a.remoteness !== undefined && a.remoteness !== null) facts.push("remoteness " + a.remoteness);
  if (a.convention === "misere") facts.push("misère play");
  if (a.step !== undefined) facts.push("step " + a.step);
  $("value").textContent = facts.join(" · ");

  const list = $("moves");
  list.replaceChildren();
  const order = { win: 0, tie: 1, draw: 2, lose: 3 };
  const sorted = moves.slice().sort((a, b) => (order[a.standing] ?? 0) - (order[b.standing] ?? 0));
  for (const m of sorted) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "move " + (m.standing || "");
    const to = document.createElement("span");
    to.className = "to";
    to.textContent = m.move === m.to ? m.to : m.move + "  →  " + m.to;
    const tag = document.createElement("span");
    tag.className = "tag";
    tag.textContent = m.value !== undefined ? "value " + m.value
      : (m.standing || "") + (m.remoteness !== undefined && m.remoteness !== null ? " in " + m.remoteness : "");
    b.append(to, tag);
    b.dataset.to = m.to;
    b.addEventListener("click", () => userMove(m));
    li.append(b);
    list.append(li);
  }
  $("moves-note").textContent = isLoopy(a) ? "(a loopy value: its moves are not listed)"
    : moves.length === 0 ? "(none: the game is over)" : "";
  // A position with a value says no player to move: a game of it is
  // played as Left or Right, from the player chosen.
  // A loopy value is not played here.
  const valued = isValued(a);
  $("play-plain").hidden = valued || isLoopy(a);
  $("play-sides").hidden = !valued;

  // Values compare under normal play: a sum of partizan values, a loopy
  // value or a nimber.
  $("compare-panel").hidden = $("misere").checked
    || !(isValued(a) || isLoopy(a) || (a.nimber !== undefined && a.nimber !== null));
  $("compare-answer").textContent = "";
  $("compare-answer").classList.remove("error");

  const comps = a.components || a.parts;
  $("components-panel").hidden = !comps || comps.length < 2;
  if (comps) {
    const rows = comps.map((c) => {
      const tr = document.createElement("tr");
      const cells = [c.component || c.part, c.value ?? c.nimber ?? c.genus ?? c.step ?? c.misere_form ?? ""];
      for (const text of cells) {
        const td = document.createElement("td");
        td.textContent = text === null ? "" : String(text);
        tr.append(td);
      }
      return tr;
    });
    $("components").replaceChildren(...rows);
  }
  $("graph").replaceChildren();
  board.selection = [];
  board.edited = null;
  drawBoards(a.expression || expr);
  showPictures(a, expr);
  drawChart();
}

// ---- Boards: the positions of board families drawn, played by clicking
// and edited by clicking.

// The board families: how a component's position is drawn (`kind`: a
// grid of cells, stalks of edges, or cakes), what a click means (`pick`:
// the cells a move changes, a column, an edge and all above it; none: a
// board only drawn) and `help` says so, the marks an edited cell cycles
// through, and how each cell looks (`look`). A `bare` family is drawn
// only where written without parameters: `hackenbush(FILE)` is a picture
// of any shape, not stalks, and is shown as text.
const BOARDS = {
  mnk: { kind: "grid", pick: "cells", marks: ".xo", look: "letters", help: "Click a cell to mark it." },
  connect4: { kind: "grid", pick: "column", marks: ".xo", look: "discs", help: "Click a column to drop a disc into it." },
  domineering: {
    kind: "grid", pick: "cells", marks: ".#", look: "squares",
    help: "Click the two cells of a domino: upright for Left, across for Right.",
  },
  cram: {
    kind: "grid", pick: "cells", marks: ".#", look: "squares",
    help: "Click the two cells of a domino, upright or across: either player places either.",
  },
  clobber: { kind: "grid", pick: "cells", marks: ".xo", look: "stones", help: "Click a stone, then the stone it clobbers." },
  "toads-frogs": {
    kind: "grid", pick: "cells", marks: ".TF", look: "letters", help: "Click a toad or a frog, then where it goes.",
  },
  elephants: {
    kind: "grid", pick: "cells", marks: ".TF", look: "letters", help: "Click a T or an F, then the cell it steps to.",
  },
  "cannibal-clobber": {
    kind: "grid", pick: "cells", marks: ".xo", look: "stones",
    help: "Click a stone, then the stone it clobbers, of either side. Taking its own side leaves the stone's cell "
      + "empty whichever it takes: click the stone twice.",
  },
  konane: {
    kind: "grid", pick: "cells", marks: ".xo#", look: "stones",
    help: "Click a stone, the stones it jumps and the cell where it lands.",
  },
  nogo: { kind: "grid", pick: "cells", marks: ".xo#", look: "stones", help: "Click an empty cell to place a stone." },
  fission: {
    kind: "grid", pick: "cells", marks: ".x#", look: "stones",
    help: "Click a stone and the two empty cells it splits into: above and below it for Left, "
      + "left and right of it for Right.",
  },
  "toppling-dominoes": {
    kind: "grid", pick: "cells", marks: ".xog", look: "letters",
    help: "Click every domino that falls (the toppled one and all on its side); a domino that falls alone, twice.",
  },
  "fox-and-geese": {
    kind: "grid", pick: "cells", marks: ".xo", look: "stones",
    help: "Click a goose (black) or the fox (white), then the cell it steps to.",
  },
  amazons: {
    kind: "grid", pick: "amazon", marks: ".xo#", look: "letters",
    help: "Click an amazon, the cell it slides to, then the cell its arrow burns.",
  },
  hackenbush: {
    kind: "stalks", pick: "edge", marks: "BRG", look: "edges", bare: true,
    help: "Click an edge to cut it: all above it falls.",
  },
  cutcake: {
    kind: "cakes", pick: "cut", look: "cake",
    help: "Click two neighbouring cells of a cake to cut between them: upright for Left, across for Right.",
  },
};

// The board of `impartial(FAMILY, ...)`: its family's, either player
// making any move of either side.
function impartialBoard(parameters) {
  const [name, ...rest] = parameters ? parameters.slice(1, -1).split(",") : [""];
  const inner = BOARDS[name.trim()];
  if (!inner || (inner.bare && rest.length > 0)) return undefined;
  return Object.assign({}, inner, { help: "Either player makes any move of either side. " + inner.help });
}

// The components of an expression as the API writes it (`A + B`): each
// {text} and, of a board family, {head: "mnk(3,3,3)", spec, tokens}, the
// position's words.
function componentsOf(expr) {
  return expr.trim().split(/\s+\+\s+/).map((text) => {
    const m = /^([a-z0-9-]+)(\([^)]*\))?\s+(.+)$/.exec(text);
    const family = m && BOARDS[m[1]];
    const spec = m && (m[1] === "impartial" ? impartialBoard(m[2]) : family && !(family.bare && m[2]) && family);
    return spec ? { text, head: m[1] + (m[2] || ""), spec, tokens: m[3].split(/\s+/) } : { text };
  });
}

// The expression of components (edited or not), as `analyze` reads it.
function expressionOf(components) {
  return components.map((c) => (c.spec ? c.head + " " + c.tokens.join(" ") : c.text)).join(" + ");
}

// The cells of one word of a position, rows top first: a board's rows
// split by '/' (before an `@PLAYER`, which says who moves); a stalk's
// edges top first (`0`: none); a cake: R rows of C plain cells.
function cellsOfToken(spec, token) {
  if (spec.kind === "stalks") return token === "0" ? [] : [...token].reverse().map((e) => [e]);
  if (spec.kind === "cakes") {
    const [r, c] = token.split("x").map(Number);
    return Array.from({ length: r || 0 }, () => Array(c || 0).fill(" "));
  }
  return playerless(token).split("/").map((row) => [...row]);
}

// A word without its `@PLAYER`, and that part alone ("" where none).
function playerless(token) {
  return token.split("@")[0];
}
function playerOf(token) {
  const at = token.indexOf("@");
  return at < 0 ? "" : token.slice(at);
}

// The key of a cell: component, word, row and column. A stalk's edges
// count from the ground, so that a cut keeps the keys of those below.
function cellKey(spec, i, j, r, c, rows) {
  return spec.kind === "stalks" ? `${i}.${j}.${rows - 1 - r}.0` : `${i}.${j}.${r}.${c}`;
}

// Every cell of a position's boards: key -> mark.
function cellMap(expr) {
  const cells = new Map();
  componentsOf(expr).forEach((comp, i) => {
    if (!comp.spec) return;
    comp.tokens.forEach((token, j) => {
      const rows = cellsOfToken(comp.spec, token);
      rows.forEach((row, r) => row.forEach((mark, c) => cells.set(cellKey(comp.spec, i, j, r, c, rows.length), mark)));
    });
  });
  return cells;
}

// The keys of the cells a move changes, and the marks after it.
function changeOf(before, move) {
  const after = cellMap(move.to);
  const changed = new Set();
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(key) !== after.get(key)) changed.add(key);
  }
  return { changed, after };
}

// The board's state: the cells clicked so far towards a move, and in edit
// mode the components being edited.
const board = { selection: [], edited: null };

// Draws the boards of the position shown (or of the one being edited);
// hidden where no component is a board.
function drawBoards(expr) {
  const components = board.edited || componentsOf(expr);
  const drawn = components.flatMap((comp, i) => (comp.spec ? [drawComponent(comp, i)] : []));
  $("boards").hidden = drawn.length === 0;
  $("board").replaceChildren(...drawn);
  const helps = new Set(components.filter((c) => c.spec).map((c) => c.spec.help));
  $("board-note").textContent = board.edited ? "Click a cell to change it, then analyze." : [...helps].join(" ");
  $("edit").hidden = !components.some((c) => c.spec && c.spec.marks);
  $("edit").setAttribute("aria-pressed", String(!!board.edited));
  $("edit").textContent = board.edited ? "Stop editing" : "Edit the position";
  $("edit-analyze").hidden = !board.edited;
  markSelection();
}

// One component's boards (one a word), side by side, named by its family.
function drawComponent(comp, i) {
  const box = document.createElement("figure");
  box.className = "component";
  box.append(...comp.tokens.map((token, j) => {
    const rows = cellsOfToken(comp.spec, token);
    const cols = Math.max(1, ...rows.map((row) => row.length));
    const key = (r, c) => cellKey(comp.spec, i, j, r, c, rows.length);
    return drawGrid(rows, cols, comp.spec, key);
  }));
  const caption = document.createElement("figcaption");
  caption.textContent = comp.head;
  box.append(caption);
  return box;
}

// The one grid drawer: rows of cells as buttons named by their keys
// (data-cell), each drawn by `drawCell` in the look of its family; a
// click plays or edits. Stalks are grids of one column on the ground.
function drawGrid(rows, cols, spec, key) {
  const grid = document.createElement("div");
  grid.className = "grid " + spec.look;
  grid.style.gridTemplateColumns = `repeat(${cols}, minmax(0, var(--cell)))`;
  rows.forEach((row, r) => row.forEach((mark, c) => {
    const clickable = !!(spec.pick || spec.marks);
    const cell = document.createElement(clickable ? "button" : "div");
    cell.dataset.cell = key(r, c);
    drawCell(cell, mark, spec);
    if (clickable) {
      cell.type = "button";
      cell.addEventListener("click", () => clickCell(spec, cell.dataset.cell));
    }
    grid.append(cell);
  }));
  return grid;
}

// A cell in the look of its family: its mark as a class (x, o, blocked,
// T, F, B, R, G) and, of letter boards, as its text.
function drawCell(cell, mark, spec) {
  const name = { "#": "blocked", ".": "empty", " ": "cake" }[mark] || mark.toLowerCase();
  cell.className = "cell " + name;
  cell.dataset.mark = mark;
  cell.setAttribute("aria-label", mark);
  if (spec.look === "letters" && mark !== ".") cell.textContent = mark.toUpperCase();
}

// Shows the cells clicked so far towards a move, and in a game the cells
// the last move changed.
function markSelection() {
  const last = game && !board.edited && game.history[game.history.length - 1];
  const moved = last ? changeOf(cellMap(last.before.answer.expression || last.before.expr), last).changed : new Set();
  for (const cell of $("board").querySelectorAll("[data-cell]")) {
    cell.classList.toggle("selected", board.selection.includes(cell.dataset.cell));
    cell.classList.toggle("last", moved.has(cell.dataset.cell));
  }
}

// A click on a cell: in edit mode, its next mark; else one more click
// towards a move, played once the clicks name one.
async function clickCell(spec, key) {
  if (board.edited) return editCell(key);
  if (!current || (game && (game.waiting || game.over))) return;
  // The moves listed: in a game, the player to move's; of a position
  // with a value outside a game, each player's.
  const moves = current.moves;
  const before = cellMap(current.answer.expression || current.expr);
  const move = pickMove(spec, key, moves.map((m) => Object.assign({ move: m }, changeOf(before, m))));
  markSelection();
  if (move) userMove(move);
}

// The move the clicks name, of `candidates` ({move, changed, after}):
// a column's one move; the cut of an edge (it changes, the one below it
// does not); the cut of a cake between two neighbouring cells; the move
// changing exactly the cells clicked (of two, the one that empties the
// first clicked: a stone moves from there); where a move changes more
// cells than those, a click on the last cell again plays the exact one
// (a lone domino toppled, a stone taking its own side). Null while the
// clicks name none yet.
function pickMove(spec, key, candidates) {
  const [i, j, r, c] = key.split(".");
  const one = (ms) => (new Set(ms.map((m) => m.move.to)).size === 1 ? ms[0].move : null);
  if (spec.pick === "cut") return pickCut(key, candidates);
  if (spec.pick === "amazon") return pickAmazon(key, candidates);
  if (spec.pick === "column") {
    board.selection = [];
    return one(candidates.filter((m) => m.changed.size > 0
      && [...m.changed].every((k) => k.startsWith(`${i}.${j}.`) && k.split(".")[3] === c)));
  }
  if (spec.pick === "edge") {
    board.selection = [];
    return one(candidates.filter((m) => m.changed.has(key) && !m.changed.has(`${i}.${j}.${r - 1}.0`)));
  }
  const containing = (keys) => candidates.filter((m) => keys.every((k) => m.changed.has(k)));
  const again = board.selection.length > 0 && board.selection[board.selection.length - 1] === key;
  if (!again) {
    board.selection = containing(board.selection.concat(key)).length > 0 ? board.selection.concat(key) : [key];
  }
  const exact = containing(board.selection).filter((m) => m.changed.size === board.selection.length);
  if (exact.length === 0) {
    if (containing(board.selection).length === 0) board.selection = [];
    return null;
  }
  if (!again && containing(board.selection).some((m) => m.changed.size > board.selection.length)) return null;
  const first = board.selection[0];
  board.selection = [];
  const mover = exact.find((m) => m.after.get(first) === ".");
  return one(exact) || (mover ? mover.move : null);
}

// The cut of a cake named by two clicks on neighbouring cells of it: the
// cut runs between them, upright (Left's: side by side) or across
// (Right's: one above the other), and the move is the one leaving the
// cakes it leaves, in any order. A first click, or a second that names
// no move, starts the selection again.
function pickCut(key, candidates) {
  const first = board.selection[0];
  board.selection = [key];
  if (!first || first === key) return null;
  const [i, j, r, c] = first.split(".").map(Number);
  const [i2, j2, r2, c2] = key.split(".").map(Number);
  const upright = r === r2 && Math.abs(c - c2) === 1;
  const across = c === c2 && Math.abs(r - r2) === 1;
  if (i !== i2 || j !== j2 || !(upright || across)) return null;
  const components = componentsOf(current.answer.expression || current.expr);
  const comp = components[i];
  const [rows, cols] = comp.tokens[j].split("x").map(Number);
  const at = upright ? Math.max(c, c2) : Math.max(r, r2);
  const pieces = upright ? [`${rows}x${at}`, `${rows}x${cols - at}`] : [`${at}x${cols}`, `${rows - at}x${cols}`];
  const bag = (comps) => comps.flatMap((k) => (k.spec ? k.tokens.map((t) => k.head + " " + t) : [k.text])).sort();
  const expected = bag(components.map((k, n) => (n === i
    ? Object.assign({}, k, { tokens: k.tokens.filter((_, m) => m !== j).concat(pieces) })
    : k))).join(" + ");
  const found = candidates.find((m) => bag(componentsOf(m.move.to)).join(" + ") === expected);
  if (!found) return null;
  board.selection = [];
  return found.move;
}

// An amazon's move named by three clicks: the amazon, where it lands, and
// the cell its arrow burns (maybe the one it left). A click that no move
// fits starts the selection again.
function pickAmazon(key, candidates) {
  const [from, to, arrow] = board.selection.concat(key);
  const fits = (m) => m.changed.has(from) && (!to || (to !== from && m.changed.has(to)
    && m.after.get(to) !== "." && m.after.get(to) !== "#"))
    && (!arrow || (m.after.get(arrow) === "#" && m.changed.size === (arrow === from ? 2 : 3)));
  const fitting = candidates.filter(fits);
  board.selection = fitting.length > 0 ? board.selection.concat(key) : [];
  if (!arrow || fitting.length === 0) return null;
  board.selection = [];
  return fitting[0].move;
}

// Edit mode on or off: on, the position's components become editable
// copies; off, the position shown is drawn again.
function toggleEdit() {
  if (!current) return;
  board.selection = [];
  board.edited = board.edited ? null : componentsOf(current.answer.expression || current.expr);
  drawBoards(current.answer.expression || current.expr);
}

// The next mark of its family in the cell `key` of the position edited;
// the expression box shows the edited position.
function editCell(key) {
  const [i, j, r, c] = key.split(".").map(Number);
  const comp = board.edited[i];
  const rows = cellsOfToken(comp.spec, comp.tokens[j]);
  const row = comp.spec.kind === "stalks" ? rows.length - 1 - r : r;
  const marks = comp.spec.marks;
  const mark = rows[row][c];
  rows[row][c] = marks[(marks.indexOf(mark) + 1) % marks.length];
  comp.tokens[j] = comp.spec.kind === "stalks"
    ? rows.map((e) => e[0]).reverse().join("")
    : rows.map((cells) => cells.join("")).join("/") + playerOf(comp.tokens[j]);
  $("expr").value = expressionOf(board.edited);
  drawBoards();
}

// Analyzes the position edited, as a new question.
function analyzeEdited() {
  if (!board.edited) return;
  const expr = expressionOf(board.edited);
  board.edited = null;
  endGame();
  go(expr);
}

// The game shown compared with the one typed (/api/compare, as `grundy
// compare`): their relation in a symbol and in words, or the error with a
// caret under the game it is in.
async function compareWith() {
  const second = $("compare-with").value.trim();
  if (!current || !second) return;
  const out = $("compare-answer");
  const asked = current;
  try {
    const c = await working(api("/api/compare", { first: asked.expr, second }));
    if (current !== asked) return;
    out.classList.remove("error");
    out.textContent = c.first + " " + c.relation + " " + c.second + ": " + c.explanation;
  } catch (error) {
    if (current !== asked) return;
    const message = (error && error.message) || String(error);
    const typed = /\(in the second game\)$/.test(message) ? second : asked.expr;
    out.classList.add("error");
    out.textContent = message + (error && error.column
      ? "\n\n  " + typed + "\n  " + " ".repeat(Math.max(0, error.column - 1)) + "^" : "");
  }
}

function classText(letter) {
  return { L: "Left wins", R: "Right wins", N: "the player to move wins", P: "the player to move loses" }[letter] || "";
}

// A move clicked: outside a game, a visit; in a game, the user's move, and
// then the engine's reply.
async function userMove(m) {
  if (!game) return go(m.to);
  if (game.over || game.waiting) return;
  game.waiting = true;
  game.history.push({ by: "you", move: m.move, to: m.to, before: current });
  if (game.sides) game.sides.toMove = other(game.sides.toMove);
  const shown = await go(m.to);
  game.waiting = false;
  if (shown) await engineMove();
}

// The engine's move; where the game is over, its end. An error ends the
// game and says so.
async function engineMove() {
  if (!game || game.over || !current) return;
  if (current.moves.length === 0) return finish();
  game.waiting = true;
  $("play-status").textContent = "The engine is thinking…";
  let shown = null;
  try {
    const ask = params(current.expr);
    if (game.sides) ask.player = game.sides.toMove;
    const reply = await working(api("/api/engine", ask));
    const mover = game.sides ? PLAYER[game.sides.toMove] + ": " : "";
    game.history.push({ by: "engine", move: mover + reply.move, to: reply.to, before: current });
    if (game.sides) game.sides.toMove = other(game.sides.toMove);
    shown = await go(reply.to);
  } catch (error) {
    showError(error);
    stopGame(error);
  }
  game.waiting = false;
  if (!shown || game.over) return;
  if (current.moves.length === 0) return finish();
  $("play-status").textContent = yourMove();
  drawChart();
}

// An error ended the game: the status says so, and no move is taken.
function stopGame(error) {
  if (!game) return;
  game.over = true;
  game.waiting = false;
  const message = (error && error.message) || String(error);
  $("play-status").textContent = "The game has stopped: " + message;
  drawChart();
}

function finish() {
  game.over = true;
  const last = game.history[game.history.length - 1];
  const standing = standingAt(current);
  let text = "The game is over: ";
  if (game.sides) {
    // Normal play: the player to move has no move, and loses.
    const stuck = game.sides.toMove;
    text += PLAYER[stuck] + " cannot move: " + (stuck === game.sides.user ? "the engine wins." : "you win!");
  } else if (standing === "tie") text += "a tie.";
  else if (!last) text += "no move to make.";
  else text += (standing === "lose" ? (last.by === "you" ? "you win!" : "the engine wins.") : (last.by === "you" ? "the engine wins." : "you win!"));
  $("play-status").textContent = text;
  drawChart();
}

function startGame(engineFirst) {
  if (!current) return;
  game = { history: [], start: current, over: false };
  $("undo").disabled = false;
  $("play-status").textContent = engineFirst ? "" : yourMove();
  drawChart();
  if (engineFirst) engineMove();
}

// A game of a position with a value: the user plays the side chosen, and
// the player chosen moves first. The moves shown become those of the
// player to move.
async function startSides() {
  if (!current) return;
  const user = $("play-side").value;
  const first = $("play-starts").value;
  game = { history: [], start: null, over: false, waiting: true, sides: { user, toMove: first } };
  $("undo").disabled = false;
  $("play-status").textContent = "";
  const shown = await show(current.expr);
  if (!shown) return;
  game.start = shown;
  game.waiting = false;
  if (current.moves.length === 0) return finish();
  if (first === user) {
    $("play-status").textContent = yourMove();
    drawChart();
  } else {
    await engineMove();
  }
}

// Takes back the user's last move and the engine's reply.
async function undo() {
  if (!game || game.waiting) return;
  let back = null;
  while (game.history.length > 0) {
    const last = game.history.pop();
    back = last.before;
    if (last.by === "you") break;
  }
  if (back) {
    game.over = false;
    if (game.sides) game.sides.toMove = game.sides.user;
    const shown = await go(back.expr);
    if (shown) $("play-status").textContent = yourMove();
  }
}

// A position's remoteness from its moves' (each counting itself): the
// fastest win, else the slowest loss; 0 at the end of the game; undefined
// where none is known.
function remotenessOf(moves, standing) {
  if (moves && moves.length === 0) return 0;
  const known = (moves || []).filter((m) => m.standing === standing && m.remoteness != null);
  if (known.length === 0) return undefined;
  const rs = known.map((m) => m.remoteness);
  return standing === "win" ? Math.min(...rs) : Math.max(...rs);
}

// The chart of the game so far: for each position, the remoteness where
// known (else 1), above the axis when the player who moved first is
// winning, below when losing, on it for a tie or a draw.
function drawChart() {
  const chart = $("chart");
  const history = $("history");
  if (!game) { chart.replaceChildren(); history.replaceChildren(); return; }
  const points = [game.start].concat(game.history.map((h, i) =>
    i + 1 < game.history.length ? game.history[i + 1].before : current));
  const values = points.map((p, i) => {
    if (!p) return 0;
    const s = standingAt(p);
    const r = p.answer.remoteness ?? remotenessOf(p.moves, s) ?? (s === "win" || s === "lose" ? 1 : 0);
    const sign = s === "win" ? 1 : s === "lose" ? -1 : 0;
    return (i % 2 === 0 ? sign : -sign) * Math.max(r, s === "tie" || s === "draw" ? 0 : 1);
  });
  const w = 420, h = 160, pad = 24;
  const top = Math.max(1, ...values.map(Math.abs));
  const x = (i) => pad + (i * (w - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (v) => h / 2 - (v * (h / 2 - pad)) / top;
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" role="img" aria-label="value history">`;
  svg += `<line x1="${pad}" y1="${h / 2}" x2="${w - pad}" y2="${h / 2}" stroke="#999" stroke-dasharray="4 3"/>`;
  svg += `<text x="4" y="14" font-size="11" fill="#1a7f37">first player wins</text>`;
  svg += `<text x="4" y="${h - 4}" font-size="11" fill="#cf222e">first player loses</text>`;
  svg += `<polyline fill="none" stroke="#1b3a5c" stroke-width="2" points="${values.map((v, i) => x(i) + "," + y(v)).join(" ")}"/>`;
  values.forEach((v, i) => {
    const colour = v > 0 ? "#1a7f37" : v < 0 ? "#cf222e" : "#9a6700";
    svg += `<circle cx="${x(i)}" cy="${y(v)}" r="4" fill="${colour}"><title>move ${i}: ${Math.abs(v)}</title></circle>`;
  });
  svg += "</svg>";
  chart.innerHTML = svg;
  history.replaceChildren(...game.history.map((h) => {
    const li = document.createElement("li");
    li.className = h.by;
    li.textContent = h.by + ": " + h.move + (h.move === h.to ? "" : " → " + h.to);
    return li;
  }));
}

// The ruleset of an expression's first component: `subtraction(1,3,4)`
// of `subtraction(1,3,4) 10 12`.
function rulesetOf(expr) {
  const m = /^\s*([A-Za-z0-9-]+(\([^)]*\))?)/.exec(expr);
  return m ? m[1] : expr;
}

// Draws the SVG picture the API answers at `path` (or its error); a game
// graph past the positions drawn is drawn again nearer the position
// (`depth`: the positions at most 3, 2 or 1 moves away).
async function drawPicture(path, params) {
  const box = $("graph");
  box.textContent = "Drawing…";
  const chosen = Number($("graph-depth").value);
  const depths = path !== "/api/graph" ? [null] : chosen ? [chosen] : [null, 3, 2, 1];
  for (const depth of depths) {
    const ask = depth ? Object.assign({ depth }, params) : params;
    const r = await working(fetch(path + "?" + new URLSearchParams(ask)));
    if (r.ok) {
      box.innerHTML = await r.text();
      if (depth && !chosen) box.prepend(`The positions at most ${depth} moves away (the whole graph is too large to draw):`);
      return;
    }
    const error = (await r.json()).error;
    if (error.kind !== "limit" || depth === depths[depths.length - 1]) {
      box.textContent = error.message;
      return;
    }
  }
}

const PICTURES = {
  "draw-graph": () => ["/api/graph", { expr: current.expr }],
  "draw-plot": () => ["/api/plot", { ruleset: rulesetOf(current.expr), to: 120 }],
  "draw-heatmap": () => ["/api/heatmap", { ruleset: rulesetOf(current.expr), rows: "0..15", cols: "0..15" }],
  "draw-thermograph": () => ["/api/thermograph", { expr: current.expr }],
};

// What pictures each ruleset has, asked once a ruleset: its nim-sequence
// (a heap game) and its heat map (positions of two numbers, valued by
// nimbers or outcomes), each asked of the API at its smallest.
const rulesetPictures = new Map();
function picturesOf(ruleset) {
  if (!rulesetPictures.has(ruleset)) {
    const answers = (path, ask) => fetch(path + "?" + new URLSearchParams(Object.assign({ ruleset }, ask)))
      .then((r) => r.ok, () => false);
    rulesetPictures.set(ruleset, Promise.all([
      answers("/api/sequence", { to: 0 }),
      answers("/api/heatmap", { rows: "1..1", cols: "1..1" }),
    ]).then(([plot, heatmap]) => ({ plot, heatmap })));
  }
  return rulesetPictures.get(ruleset);
}

// Shows the picture buttons that apply to the answer `a`: the game graph
// of a position without a value, the thermograph of one with a value,
// the plot and the heat map where the ruleset of the first component
// has them (until known, neither).
async function showPictures(a, expr) {
  const valued = isValued(a);
  $("draw-graph").hidden = valued;
  $("graph-depth").hidden = valued;
  // Under misère play no thermograph decides: it is normal play's.
  $("draw-thermograph").hidden = !valued || a.misere_form !== undefined;
  $("draw-plot").hidden = true;
  $("draw-heatmap").hidden = true;
  const first = /^\s*([a-z][A-Za-z0-9-]*(\([^)]*\))?)\s/.exec(a.expression || expr);
  if (!first) return;
  const has = await picturesOf(first[1]);
  if (!current || current.answer !== a) return;
  $("draw-plot").hidden = !has.plot;
  $("draw-heatmap").hidden = !has.heatmap;
}

async function loadFamilies() {
  families = await api("/api/families", {});
  const select = $("family");
  for (const f of families) {
    const o = document.createElement("option");
    o.value = f.name;
    // The usage alone, short enough for a narrow window: the summary
    // shows in full under the box once the family is chosen.
    o.textContent = f.usage;
    o.title = f.summary;
    select.append(o);
  }
}

// No game: the status line says how to start one.
const INTRO = $("play-status").textContent;
function endGame() {
  game = null;
  $("undo").disabled = true;
  $("play-status").textContent = INTRO;
  drawChart();
}

$("family").addEventListener("change", () => {
  const f = families.find((f) => f.name === $("family").value);
  if (!f) return;
  $("usage").textContent = f.usage + ": " + f.summary;
  endGame();
  go(f.example);
});
$("ask").addEventListener("submit", (e) => {
  e.preventDefault();
  endGame();
  go($("expr").value.trim());
});
$("compare").addEventListener("submit", (e) => {
  e.preventDefault();
  compareWith();
});
$("play-first").addEventListener("click", () => startGame(false));
$("play-second").addEventListener("click", () => startGame(true));
$("play-start").addEventListener("click", startSides);
$("undo").addEventListener("click", undo);
$("edit").addEventListener("click", toggleEdit);
$("edit-analyze").addEventListener("click", analyzeEdited);
for (const [id, request] of Object.entries(PICTURES)) {
  $(id).addEventListener("click", () => current && drawPicture(...request()));
}
// A depth chosen draws the graph again to it.
$("graph-depth").addEventListener("change", () => current && drawPicture(...PICTURES["draw-graph"]()));
window.addEventListener("popstate", (e) => {
  const expr = fromAddress(e.state);
  // Going back leaves a game: the position is no longer the game's.
  if (game) endGame();
  if (expr) show(expr);
});
// The box changes the question: the answer shown is asked again.
$("misere").addEventListener("change", () => {
  if (current) go(current.expr, true);
});

loadFamilies().then(() => {
  const expr = fromAddress(null);
  if (expr) go(expr, true);
});
