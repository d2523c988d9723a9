package botproto

// Protocol is the protocol's version, sent in Hello.
const Protocol = 1

// Hello is the first line the server writes: what the bot plays and where.
type Hello struct {
	Type     string `json:"type"` // "hello"
	Protocol int    `json:"protocol"`
	Game     string `json:"game"` // the rule set: singularity, specialrounds, boerenbridge, doudizhu
	Players  int    `json:"players"`
	Seat     int    `json:"seat"`            // 0-based
	Table    string `json:"table,omitempty"` // the table's id, at a table
	Name     string `json:"name,omitempty"`  // the bot's name there
	// Rejoined: the bot takes back its seat in a game under way, which went
	// on without it (its program had left); absent otherwise.
	Rejoined bool `json:"rejoined,omitempty"`
}

// MoveRequest asks for the seat's move: answer {"id": ID, "move": one of
// Legal} within TimeMS milliseconds.
type MoveRequest struct {
	Type   string   `json:"type"` // "move"
	ID     int      `json:"id"`
	TimeMS int64    `json:"time_ms"`
	Legal  []string `json:"legal"`
	View   any      `json:"view"` // *TrickView or *DouDizhuView
}

// ErrorMessage says why the answer to decision ID was refused (or why there
// was none) and which move was played instead.
type ErrorMessage struct {
	Type  string `json:"type"` // "error"
	ID    int    `json:"id"`
	Error string `json:"error"`
	// Played is the move the fallback bot made for the seat.
	Played string `json:"played,omitempty"`
}

// End is the last line: the game is over (or the table stopped).
type End struct {
	Type   string `json:"type"` // "end"
	Totals []int  `json:"totals,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// Answer is the bot's line: the move for decision ID, in move text
// (docs/RECORD.md), exactly as one of the request's legal moves.
type Answer struct {
	ID   int    `json:"id"`
	Move string `json:"move"`
}
