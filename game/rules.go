package game

import (
	"fmt"
	"strings"
)

// Rules names a rule set: how the games of the family are played on their
// boards. The default is the World Camelot Federation's rules with this
// project's rulings (R1–R17, V1–V13); AbstractPlay's code plays by its own
// (V14). A rule set is data, like a board: each grid's rules core reads
// its row where it builds its tables and where it judges the end of a
// game, and a Variant carries its rule set (Variant.Rules), so every
// position, game and search knows which rules it is played by.
type Rules uint8

// The rule sets; the zero Rules is the WCF's.
const (
	WCF          Rules = iota // R1–R17, V1–V13
	AbstractPlay              // V14
	NumRules
)

// RuleSet is one rule set as the rules cores read it: each field is a
// point where V14 departs from R1–R17.
type RuleSet struct {
	Name  string // as the option Rules and -rules take it: wcf, abstractplay
	Title string // as records' Rules tag writes it: WCF, AbstractPlay
	// KnightCanterFinalOnly: a Knight's pure canter is legal when its
	// final landing offers that Knight no jump (V14.1); otherwise no
	// landing of some route may offer one (R10).
	KnightCanterFinalOnly bool
	// NoMoveLosesAlways: a side to move none of whose pieces has a step,
	// canter, jump or Charge (R12 and WhiteHomeLock not applied) loses
	// whatever the pieces (wins in the Anti forms), and one that has such
	// moves but no legal one plays on, able only to claim or resign
	// (V14.2). Otherwise R15 and V5 judge the legal moves.
	NoMoveLosesAlways bool
	// ClaimPlies and ClaimOccurrences open the draw claim (V14.3): at
	// least that many plies without progress, or the position standing
	// for that many times; 0: no claims (R16's draws are automatic).
	ClaimPlies, ClaimOccurrences int
	// DrawPlies and DrawRepetitions are R16's automatic draws: that many
	// plies without progress, or the position's that many occurrences; 0:
	// none (V14.3).
	DrawPlies, DrawRepetitions int
	// CastleMovesResetPlies: a castle move resets the ply count (R16);
	// under V14.3 only a capture or a move from outside onto an
	// opponent's castle square does.
	CastleMovesResetPlies bool
	// RepetitionIgnoresCastles: repetition compares the board and the side
	// to move alone, castle moves used and trees left out, and counts the
	// positions of River's tree phase too (V14.3). Otherwise it compares
	// castle moves used as well (R16), from White's first piece move on
	// (V10).
	RepetitionIgnoresCastles bool
	// WhiteHomeLock: once White has made two castle moves, no White move
	// may start on a square of White's own castle (V14.4).
	WhiteHomeLock bool
}

var ruleSets = [NumRules]RuleSet{
	WCF: {
		Name: "wcf", Title: "WCF",
		DrawPlies: 100, DrawRepetitions: 3, CastleMovesResetPlies: true,
	},
	AbstractPlay: {
		Name: "abstractplay", Title: "AbstractPlay",
		KnightCanterFinalOnly: true, NoMoveLosesAlways: true,
		ClaimPlies: 50, ClaimOccurrences: 4,
		RepetitionIgnoresCastles: true, WhiteHomeLock: true,
	},
}

// Set returns r's row; r must be valid.
func (r Rules) Set() *RuleSet { return &ruleSets[r%NumRules] }

// String returns the rule set's name as the protocol writes it: wcf or
// abstractplay.
func (r Rules) String() string {
	if r >= NumRules {
		return fmt.Sprintf("rules(%d)", uint8(r))
	}
	return ruleSets[r].Name
}

// Title returns the rule set's name as records write it: WCF or
// AbstractPlay.
func (r Rules) Title() string {
	if r >= NumRules {
		return r.String()
	}
	return ruleSets[r].Title
}

// AllRules lists the rule sets, the default first.
func AllRules() []Rules { return []Rules{WCF, AbstractPlay} }

// RulesNames lists the rule sets' names for a message: "wcf or abstractplay".
func RulesNames() string {
	names := make([]string, 0, NumRules)
	for _, r := range AllRules() {
		names = append(names, r.String())
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// ParseRules reads a rule set's name or title, case-insensitively.
func ParseRules(name string) (Rules, error) {
	n := strings.TrimSpace(name)
	for _, r := range AllRules() {
		if strings.EqualFold(n, ruleSets[r].Name) || strings.EqualFold(n, ruleSets[r].Title) {
			return r, nil
		}
	}
	return WCF, fmt.Errorf("unknown rules %q (want %s)", name, RulesNames())
}

// Rules returns the rule set v is played by (V14).
func (v Variant) Rules() Rules { return Rules(v / NumVariants) }

// RuleSet returns the row of v's rule set.
func (v Variant) RuleSet() *RuleSet { return v.Rules().Set() }

// WithRules returns v's game played by rule set r: the same board, start
// and end (V1–V11) under r.
func (v Variant) WithRules(r Rules) Variant {
	return v%NumVariants + Variant(r%NumRules)*NumVariants
}

// AllVariants lists every game under every rule set: Variants() under the
// WCF's rules, then under AbstractPlay's. Tables indexed by Variant are
// built over these.
func AllVariants() []Variant {
	var out []Variant
	for _, r := range AllRules() {
		for _, v := range Variants() {
			out = append(out, v.WithRules(r))
		}
	}
	return out
}
