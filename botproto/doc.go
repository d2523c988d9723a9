// Package botproto is the open protocol of bots written elsewhere: JSON
// lines over any byte stream (a program's stdin and stdout in `cardroom
// sim`, an SSH session at a table). docs/BOT-PROTOCOL.md is its reference.
//
// The server writes one JSON object a line: "hello" once, "move" when the
// bot's seat must act (its seat's view, the legal moves in the record's move
// text, a decision id and the time it has), "error" when an answer was
// refused, "end" when the game is over. The bot answers each "move" with
// {"id": N, "move": "play AS"}. EncodeView builds the view from the seat's
// engine.View alone, so a bot never learns more than a person in its seat.
//
// Remote is an engine.ContextBot over such a stream: a table or a
// tournament asks it like any bot, and when the answer is garbage, not
// legal, or not in by the deadline it tells the bot why and its Fallback
// bot moves instead (Faults counts those moves).
package botproto
