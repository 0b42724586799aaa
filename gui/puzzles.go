package gui

import (
	"fmt"
	"math"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"

	rules "github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/puzzles"
)

// Puzzles (API.md "Puzzles"): the built-in set, or the one SetPuzzles
// gave, listed and served by id; a solver's move judged against the
// line; an attempt rated. The server keeps nothing of a player: the
// player's rating comes with each attempt and goes back with the answer.

// Limits of the puzzle requests.
const (
	defaultPuzzleLimit = 50
	maxPuzzleLimit     = 1000
	maxExclude         = 200 // ids of ?exclude= looked at
)

// puzzleSet is the puzzles an API serves, indexed by id.
type puzzleSet struct {
	list []puzzles.Puzzle
	byID map[string]int
}

func newPuzzleSet(ps []puzzles.Puzzle) *puzzleSet {
	s := &puzzleSet{list: ps, byID: make(map[string]int, len(ps))}
	for i, p := range ps {
		if _, dup := s.byID[p.ID]; !dup {
			s.byID[p.ID] = i
		}
	}
	return s
}

var (
	builtInOnce sync.Once
	builtIn     *puzzleSet
)

// SetPuzzles has the API serve ps instead of the built-in set.
func (a *API) SetPuzzles(ps []puzzles.Puzzle) {
	a.mu.Lock()
	a.puzzles = newPuzzleSet(ps)
	a.mu.Unlock()
}

// puzzleSet returns the set served: SetPuzzles's, or the built-in one,
// read on first use.
func (a *API) puzzleSet() *puzzleSet {
	a.mu.Lock()
	s := a.puzzles
	a.mu.Unlock()
	if s != nil {
		return s
	}
	builtInOnce.Do(func() { builtIn = newPuzzleSet(puzzles.BuiltIn()) })
	return builtIn
}

// puzzleJSON is a puzzle as the API gives it.
type puzzleJSON struct {
	ID              string   `json:"id"`
	CFEN            string   `json:"cfen"`
	Moves           []string `json:"moves"`
	Rating          int      `json:"rating"`
	RatingDeviation int      `json:"ratingDeviation"`
	Themes          []string `json:"themes"`
	Variant         string   `json:"variant"`
	Rules           string   `json:"rules"`
	Title           string   `json:"title"`
	Source          string   `json:"source"`
}

func toPuzzleJSON(p puzzles.Puzzle) puzzleJSON {
	themes := p.Themes
	if themes == nil {
		themes = []string{}
	}
	return puzzleJSON{
		ID: p.ID, CFEN: p.CFEN, Moves: p.Moves, Rating: p.Rating, RatingDeviation: p.RatingDeviation,
		Themes: themes, Variant: p.Variant.String(), Rules: p.Variant.Rules().String(),
		Title: p.Variant.Title(), Source: p.Source,
	}
}

// puzzleFilter is the variant and theme a list or next asks for.
type puzzleFilter struct {
	variant    rules.Variant
	anyVariant bool
	theme      string
}

func (f puzzleFilter) match(p puzzles.Puzzle) bool {
	if !f.anyVariant && p.Variant.String() != f.variant.String() {
		return false
	}
	if f.theme == "" {
		return true
	}
	for _, t := range p.Themes {
		if strings.EqualFold(t, f.theme) {
			return true
		}
	}
	return false
}

// parsePuzzleFilter reads ?variant= and ?theme=.
func parsePuzzleFilter(q url.Values) (puzzleFilter, error) {
	f := puzzleFilter{anyVariant: true, theme: strings.TrimSpace(q.Get("theme"))}
	if name := strings.TrimSpace(q.Get("variant")); name != "" {
		v, err := parseVariant(name, rules.Camelot)
		if err != nil {
			return f, err
		}
		f.variant, f.anyVariant = v, false
	}
	if len(f.theme) > 40 {
		return f, fmt.Errorf("theme: too long")
	}
	return f, nil
}

// intParam reads an integer query parameter within [lo, hi]; absent is dflt.
func intParam(q url.Values, name string, dflt, lo, hi int) (int, error) {
	s := strings.TrimSpace(q.Get(name))
	if s == "" {
		return dflt, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s: %q is not a whole number from %d to %d", name, clip(s), lo, hi)
	}
	return n, nil
}

// servePuzzles answers the paths under /api/puzzles.
func (a *API) servePuzzles(w http.ResponseWriter, r *http.Request, parts []string) {
	switch {
	case len(parts) == 0:
		if allow(w, r, http.MethodGet) {
			a.listPuzzles(w, r)
		}
	case len(parts) == 1 && parts[0] == "next":
		if allow(w, r, http.MethodGet) {
			a.nextPuzzle(w, r)
		}
	case len(parts) == 1 || len(parts) == 2:
		set := a.puzzleSet()
		i, ok := set.byID[parts[0]]
		if !ok {
			writeError(w, http.StatusNotFound, fmt.Sprintf("no puzzle %q", clip(parts[0])))
			return
		}
		p := set.list[i]
		switch {
		case len(parts) == 1:
			if allow(w, r, http.MethodGet) {
				writeJSON(w, http.StatusOK, toPuzzleJSON(p))
			}
		case parts[1] == "check":
			post(w, r, func(w http.ResponseWriter, r *http.Request) { checkPuzzleMove(w, r, p) })
		case parts[1] == "attempt":
			post(w, r, func(w http.ResponseWriter, r *http.Request) { ratePuzzleAttempt(w, r, p) })
		default:
			writeError(w, http.StatusNotFound, "no such API path "+clip(r.URL.Path))
		}
	default:
		writeError(w, http.StatusNotFound, "no such API path "+clip(r.URL.Path))
	}
}

// listPuzzles answers GET /api/puzzles.
func (a *API) listPuzzles(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f, err := parsePuzzleFilter(q)
	var limit, offset, near int
	if err == nil {
		limit, err = intParam(q, "limit", defaultPuzzleLimit, 1, maxPuzzleLimit)
	}
	if err == nil {
		offset, err = intParam(q, "offset", 0, 0, math.MaxInt32)
	}
	if err == nil {
		near, err = intParam(q, "near", -1, 0, 5000)
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	set := a.puzzleSet()
	var found []puzzles.Puzzle
	themes := map[string]int{}
	perVariant := map[string]int{}
	for _, p := range set.list {
		perVariant[p.Variant.String()]++
		if f.match(p) {
			found = append(found, p)
		}
		if f.anyVariant || p.Variant.String() == f.variant.String() {
			for _, t := range p.Themes {
				themes[t]++
			}
		}
	}
	if near >= 0 {
		sortNear(found, near)
	}
	total := len(found)
	if offset > total {
		offset = total
	}
	found = found[offset:]
	if len(found) > limit {
		found = found[:limit]
	}
	out := make([]puzzleJSON, len(found))
	for i, p := range found {
		out[i] = toPuzzleJSON(p)
	}
	type themeCount struct {
		Name  string `json:"name"`
		Count int    `json:"count"`
	}
	tc := make([]themeCount, 0, len(themes))
	for t, n := range themes {
		tc = append(tc, themeCount{t, n})
	}
	sort.Slice(tc, func(i, j int) bool { return tc[i].Name < tc[j].Name })
	type variantCount struct {
		Name  string `json:"name"`
		Title string `json:"title"`
		Count int    `json:"count"`
	}
	vc := []variantCount{}
	for _, v := range rules.Variants() {
		if n := perVariant[v.String()]; n > 0 {
			vc = append(vc, variantCount{v.String(), v.Title(), n})
		}
	}
	writeJSON(w, http.StatusOK, struct {
		Total    int            `json:"total"`
		Puzzles  []puzzleJSON   `json:"puzzles"`
		Themes   []themeCount   `json:"themes"`
		Variants []variantCount `json:"variants"`
	}{total, out, tc, vc})
}

// sortNear orders puzzles by the distance of their rating to r, then id.
func sortNear(ps []puzzles.Puzzle, r int) {
	abs := func(x int) int {
		if x < 0 {
			return -x
		}
		return x
	}
	sort.SliceStable(ps, func(i, j int) bool {
		di, dj := abs(ps[i].Rating-r), abs(ps[j].Rating-r)
		if di != dj {
			return di < dj
		}
		return ps[i].ID < ps[j].ID
	})
}

// nextPuzzle answers GET /api/puzzles/next: the puzzle of the filter
// nearest in rating to ?rating= (default a new player's) that is not in
// ?exclude= (ids separated by commas); when every one is excluded, the
// nearest of all.
func (a *API) nextPuzzle(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f, err := parsePuzzleFilter(q)
	var rating int
	if err == nil {
		rating, err = intParam(q, "rating", int(NewRating), 0, 5000)
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	exclude := map[string]bool{}
	for i, id := range strings.Split(q.Get("exclude"), ",") {
		if i >= maxExclude {
			break
		}
		if id = strings.TrimSpace(id); id != "" {
			exclude[id] = true
		}
	}
	var found []puzzles.Puzzle
	for _, p := range a.puzzleSet().list {
		if f.match(p) {
			found = append(found, p)
		}
	}
	if len(found) == 0 {
		what := "any board"
		if !f.anyVariant {
			what = f.variant.Title()
		}
		if f.theme != "" {
			what += fmt.Sprintf(" with the theme %q", clip(f.theme))
		}
		writeError(w, http.StatusNotFound, "no puzzle for "+what)
		return
	}
	sortNear(found, rating)
	best := found[0]
	for _, p := range found {
		if !exclude[p.ID] {
			best = p
			break
		}
	}
	writeJSON(w, http.StatusOK, toPuzzleJSON(best))
}

// puzzleGame returns the puzzle's game after its first k moves.
func puzzleGame(p puzzles.Puzzle, k int) (*rules.Game, error) {
	g, err := p.Start()
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: %v", p.ID, err)
	}
	for i := 0; i < k; i++ {
		if _, err := g.PlayText(p.Moves[i]); err != nil {
			return nil, fmt.Errorf("puzzle %s: move %d %q: %v", p.ID, i+1, p.Moves[i], err)
		}
	}
	return g, nil
}

// checkPuzzleMove answers POST /api/puzzles/{id}/check: whether the
// player's move at index ply of the line (a solver's move: 1, 3, …) is
// the solution's, by identity (R4: origin, destination and captures),
// and the line's reply to it.
func checkPuzzleMove(w http.ResponseWriter, r *http.Request, p puzzles.Puzzle) {
	var req struct {
		Ply  *int   `json:"ply"`
		Move string `json:"move"`
	}
	if !decodeJSON(w, r, &req) {
		return
	}
	if req.Ply == nil || *req.Ply < 1 || *req.Ply >= len(p.Moves) || *req.Ply%2 == 0 {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("ply: want a solver's move of the line: an odd number from 1 to %d", len(p.Moves)-1))
		return
	}
	if strings.TrimSpace(req.Move) == "" {
		writeError(w, http.StatusBadRequest, "move: missing")
		return
	}
	k := *req.Ply
	g, err := puzzleGame(p, k)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	pos := g.Position()
	played, err := pos.ParseMove(req.Move)
	if err == nil && !legal(g, played) {
		err = fmt.Errorf("illegal move %q", clip(req.Move))
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, "move: "+err.Error())
		return
	}
	want, err := pos.ParseMove(p.Moves[k])
	if err != nil {
		writeError(w, http.StatusInternalServerError, fmt.Sprintf("puzzle %s: move %d %q: %v", p.ID, k+1, p.Moves[k], err))
		return
	}
	type answer struct {
		Right  bool   `json:"right"`
		Move   string `json:"move"`   // the player's move, as the page writes it (R3)
		Reply  string `json:"reply"`  // the line's answer to a right move; "" at the end
		Solved bool   `json:"solved"` // the right move ends the line
		Next   int    `json:"next"`   // the index of the solver's next move; 0 when solved or wrong
	}
	ans := answer{Right: played == want, Move: pos.MoveText(played)}
	if ans.Right {
		if k+1 < len(p.Moves) {
			ans.Reply = p.Moves[k+1]
			ans.Next = k + 2
		}
		ans.Solved = ans.Next == 0 || ans.Next >= len(p.Moves)
		if ans.Solved {
			ans.Next = 0
		}
	}
	writeJSON(w, http.StatusOK, ans)
}

// legal says whether m is one of g's legal moves.
func legal(g *rules.Game, m rules.Move) bool {
	for _, l := range g.LegalMoves() {
		if l == m {
			return true
		}
	}
	return false
}

// ratePuzzleAttempt answers POST /api/puzzles/{id}/attempt: the player's
// rating after a rated game against the puzzle, won when solved.
func ratePuzzleAttempt(w http.ResponseWriter, r *http.Request, p puzzles.Puzzle) {
	var req struct {
		Solved *bool   `json:"solved"`
		Player *Glicko `json:"player"`
	}
	if !decodeJSON(w, r, &req) {
		return
	}
	if req.Solved == nil {
		writeError(w, http.StatusBadRequest, "solved: missing (true or false)")
		return
	}
	before := NewGlicko()
	if req.Player != nil {
		before = *req.Player
		if !before.valid() {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("player: want a rating 0–5000, a deviation 1–%g and a volatility 0.0001–1", maxDeviation))
			return
		}
	}
	score := 0.0
	if *req.Solved {
		score = 1
	}
	dev := float64(p.RatingDeviation)
	if dev <= 0 {
		dev = NewDeviation
	}
	after := before.Update([]GlickoResult{{Rating: float64(p.Rating), Deviation: dev, Score: score}}).clamped()
	writeJSON(w, http.StatusOK, struct {
		Before Glicko  `json:"before"`
		Player Glicko  `json:"player"`
		Change float64 `json:"change"`
		Puzzle struct {
			Rating          int `json:"rating"`
			RatingDeviation int `json:"ratingDeviation"`
		} `json:"puzzle"`
	}{Before: before, Player: after, Change: after.Rating - before.Rating, Puzzle: struct {
		Rating          int `json:"rating"`
		RatingDeviation int `json:"ratingDeviation"`
	}{p.Rating, p.RatingDeviation}})
}
