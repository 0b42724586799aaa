package game

// Color is a side: White or Black.
type Color uint8

// The two sides; White moves first (R2).
const (
	White Color = iota
	Black
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Kind is a piece kind.
type Kind uint8

// Piece kinds. Only Knights may Charge (R9) and only they are bound by R10.
const (
	Man Kind = iota
	Knight
)

// Piece is what stands on a square.
type Piece uint8

// Square contents.
const (
	Empty Piece = iota
	WhiteMan
	WhiteKnight
	BlackMan
	BlackKnight
	// Tree is a tree of River Camelot (V10): it belongs to neither side
	// and blocks every move as a river square does.
	Tree
)

// MakePiece returns the piece of colour c and kind k.
func MakePiece(c Color, k Kind) Piece { return Piece(1 + 2*uint8(c) + uint8(k)) }

// IsPiece reports whether p is a Man or a Knight: neither Empty nor a Tree.
func (p Piece) IsPiece() bool { return p >= WhiteMan && p <= BlackKnight }

// Color returns the colour of a Man or Knight.
func (p Piece) Color() Color { return Color((p - 1) / 2) }

// Kind returns the kind of a Man or Knight.
func (p Piece) Kind() Kind { return Kind((p - 1) % 2) }

// Letter returns the piece's CFEN letter (R5): M, N for White's Man and
// Knight, m, n for Black's, t for a tree (V9); a space for Empty.
func (p Piece) Letter() byte { return " MNmnt"[p] }

// MaxKnights and MaxMen bound a side's pieces on every board (V3:
// Chivalry's 8 Knights and 12 Men are the most; CFEN refuses more).
const (
	MaxKnights = 8
	MaxMen     = 12
)
