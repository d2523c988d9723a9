// Package tui is cardroom's terminal interface: one Bubble Tea program per SSH
// session with the lobby, the create-table form, the table screens of each
// game family, the score sheet, chat and help. It sees games only through the
// views and snapshots tables send it, and speaks to tables with moves.
package tui
