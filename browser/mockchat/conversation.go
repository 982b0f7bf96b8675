package mockchat

import (
	"maps"
	"slices"
	"strings"
	"time"
)

// rootID is the id of every conversation's root node; a new chat's first
// message names it as its parent, as on the real page.
const rootID = "client-created-root"

// conversation is the server's conversation state; s.mu guards it.
type conversation struct {
	id      string
	title   string
	created time.Time
	updated time.Time
	model   string
	nodes   map[string]*Node
	current string
	system  string  // the hidden system message's id
	last    *reply  // the newest reply, generating or finished
	cur     *cursor // with ScriptPerChat: the chat's own script cursor
}

// newConversation makes a conversation with its root and hidden system
// message.
func newConversation(now time.Time) *conversation {
	c := &conversation{
		id:      newUUID(),
		title:   "New chat",
		created: now,
		updated: now,
		nodes:   map[string]*Node{rootID: {ID: rootID, Children: []string{}}},
		current: rootID,
	}
	sys := &Message{
		ID:        newUUID(),
		Author:    Author{Role: "system", Metadata: map[string]any{}},
		Content:   Content{ContentType: "text", Parts: []string{""}},
		Status:    "finished_successfully",
		EndTurn:   new(true),
		Weight:    0,
		Recipient: "all",
		Metadata:  Metadata{IsVisuallyHidden: true},
	}
	c.add(sys, rootID, now)
	c.system = sys.ID
	return c
}

// add links m under parent and makes it the current node.
func (c *conversation) add(m *Message, parent string, now time.Time) {
	if _, ok := c.nodes[parent]; !ok {
		parent = c.current
	}
	m.CreateTime = unixSeconds(now)
	m.Metadata.ParentID = parent
	c.nodes[m.ID] = &Node{ID: m.ID, Message: m, Parent: new(parent), Children: []string{}}
	p := c.nodes[parent]
	p.Children = append(p.Children, m.ID)
	c.current = m.ID
	c.updated = now
}

// parentFor maps the page's parent_message_id to a node: the root of a new
// chat means "under the system message"; an unknown id means the current
// node.
func (c *conversation) parentFor(id string) string {
	if id == rootID || id == "" {
		if c.current == c.system || c.current == rootID {
			return c.system
		}
		return c.current
	}
	if _, ok := c.nodes[id]; ok {
		return id
	}
	return c.current
}

// snapshot returns a deep copy of the conversation document.
func (c *conversation) snapshot() *Conversation {
	doc := &Conversation{
		ID:               c.id,
		Title:            c.title,
		CreateTime:       unixSeconds(c.created),
		UpdateTime:       unixSeconds(c.updated),
		CurrentNode:      c.current,
		Mapping:          make(map[string]*Node, len(c.nodes)),
		DefaultModelSlug: c.model,
	}
	for id, n := range c.nodes {
		cp := &Node{ID: n.ID, Message: n.Message.clone(), Children: slices.Clone(n.Children)}
		if n.Parent != nil {
			cp.Parent = new(*n.Parent)
		}
		doc.Mapping[id] = cp
	}
	return doc
}

// titleFrom makes a chat title from the first user message, as ChatGPT's
// title generation would: its first few words.
func titleFrom(text string) string {
	words := strings.Fields(text)
	if len(words) > 6 {
		words = words[:6]
	}
	t := strings.Join(words, " ")
	if r := []rune(t); len(r) > 48 {
		t = string(r[:48])
	}
	if t == "" {
		return "New chat"
	}
	return t
}

// conversationsByUpdate lists conversations, newest first.
func conversationsByUpdate(m map[string]*conversation) []*conversation {
	out := slices.Collect(maps.Values(m))
	slices.SortFunc(out, func(a, b *conversation) int { return b.updated.Compare(a.updated) })
	return out
}
