package openings

import (
	"fmt"
	"strings"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/record"
)

// Picking a suite by a pilot match. A score window decides which openings
// are balanced, but not which ones let the stronger of two engines show
// it: in some the game is settled before either engine's play matters,
// in others a shallow search already finds what a deep one finds. A pilot
// match between a stronger and a weaker engine (a pair other than the one
// a suite will measure) plays every candidate twice, colours swapped, and
// the openings whose pair of games the stronger engine won are kept. This
// is how chess testing books are often filtered by test games (a
// position's pilot result stands for its power to separate engines), and
// it carries a pilot's noise: an opening kept by luck is as good as an
// average one, never worse.

// PilotPair is one opening's games in a pilot match.
type PilotPair struct {
	Start game.Position // the opening (the games' start position)
	Games int           // games played from it
	Score float64       // the named player's points in them
}

// PilotPairs groups the games of a match by their start position (the CFEN
// tag, or the variant's start without one) in the order each opening
// first appears, and adds up player's points (1 a win, ½ a draw). A game
// whose White or Black is not player, or whose result is unknown, is an
// error naming the game, and so is a game of another variant than the
// first's (V8): a suite holds the openings of one board.
func PilotPairs(games []*record.Game, player string) ([]PilotPair, error) {
	var pairs []PilotPair
	index := map[uint64]int{}
	for n, g := range games {
		v := g.Variant
		if n > 0 && v != games[0].Variant {
			return nil, fmt.Errorf("game %d: a game of %s, game 1 is of %s (V8)", n+1, v.Title(), games[0].Variant.Title())
		}
		if !v.Valid() {
			return nil, fmt.Errorf("game %d: variant %s is not played yet", n+1, v)
		}
		var start game.Position
		if cf := g.Tag("CFEN"); cf != "" {
			p, err := boards.ParseCFEN(v, cf)
			if err != nil {
				return nil, fmt.Errorf("game %d: tag %v", n+1, err)
			}
			start = p
		} else {
			start = boards.StartPosition(v)
		}
		var points float64
		white, black, result := g.Tag("White"), g.Tag("Black"), g.Tag("Result")
		var wp float64
		switch result {
		case "1-0":
			wp = 1
		case "0-1":
			wp = 0
		case "1/2-1/2":
			wp = 0.5
		default:
			return nil, fmt.Errorf("game %d: result %q: want 1-0, 0-1 or 1/2-1/2", n+1, result)
		}
		switch {
		case white == player && black != player:
			points = wp
		case black == player && white != player:
			points = 1 - wp
		default:
			return nil, fmt.Errorf("game %d: %s against %s: want %s on exactly one side", n+1, white, black, player)
		}
		key := start.Key()
		i, ok := index[key]
		if !ok {
			i = len(pairs)
			index[key] = i
			pairs = append(pairs, PilotPair{Start: start})
		}
		pairs[i].Games++
		pairs[i].Score += points
	}
	return pairs, nil
}

// Pick returns, in order, the starts of the pairs of exactly two games in
// which the player scored at least minScore, at most count of them.
func Pick(pairs []PilotPair, minScore float64, count int) []game.Position {
	var kept []game.Position
	for _, p := range pairs {
		if len(kept) == count {
			break
		}
		if p.Games == 2 && p.Score >= minScore {
			kept = append(kept, p.Start)
		}
	}
	return kept
}

// WriteSuite writes positions as a CFEN-lines openings file under header
// comment lines; positions of a variant other than Camelot are preceded by
// its variant comment (record.VariantComment).
func WriteSuite(b *strings.Builder, header []string, positions []game.Position) {
	if len(positions) > 0 && positions[0].Variant().WithRules(game.WCF) != game.Camelot {
		b.WriteString("# " + record.VariantComment(positions[0].Variant().WithRules(game.WCF)) + "\n")
	}
	for _, h := range header {
		b.WriteString("# " + h + "\n")
	}
	for _, p := range positions {
		b.WriteString(p.CFEN() + "\n")
	}
}
