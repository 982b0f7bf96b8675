// Package socket decodes the frames of the user's WebSocket. The socket
// (one per user, found from celsius/ws/user's websocket_url) carries a
// handed-off turn: frames of topic conversation-turn-<turn_exchange_id>
// whose payload is a conversation-turn-stream of stream-items, each a
// complete v1 SSE fragment in encoded_item. The subscribe reply's
// catch-ups and the live items overlap: package netstream deduplicates
// them by stream_item_id and feeds each new item to the parser of the
// turn whose topic it names. Decode is pure: no I/O, no Chrome.
package socket
