package mockchat

import "slices"

// Conversation is the conversation document, as GET
// /backend-api/conversation/<id> returns it.
type Conversation struct {
	ID          string           `json:"conversation_id"`
	Title       string           `json:"title"`
	CreateTime  float64          `json:"create_time"`
	UpdateTime  float64          `json:"update_time"`
	CurrentNode string           `json:"current_node"`
	Mapping     map[string]*Node `json:"mapping"`
	// DefaultModelSlug is the model of the conversation's first reply.
	DefaultModelSlug string `json:"default_model_slug,omitempty"`
	IsArchived       bool   `json:"is_archived"`
}

// Node is one entry of a conversation's mapping: a message and its place
// in the message tree.
type Node struct {
	ID       string   `json:"id"`
	Message  *Message `json:"message"`
	Parent   *string  `json:"parent"`
	Children []string `json:"children"`
}

// Message is a message as the conversation document and the v1 delta
// stream carry it.
type Message struct {
	ID         string   `json:"id"`
	Author     Author   `json:"author"`
	CreateTime float64  `json:"create_time"`
	UpdateTime *float64 `json:"update_time"`
	Content    Content  `json:"content"`
	// Status is in_progress, finished_successfully or
	// finished_partial_completion (stopped).
	Status    string   `json:"status"`
	EndTurn   *bool    `json:"end_turn"`
	Weight    float64  `json:"weight"`
	Metadata  Metadata `json:"metadata"`
	Recipient string   `json:"recipient"`
	Channel   *string  `json:"channel"`
}

// Author is a message's author.
type Author struct {
	// Role is system, user, assistant or tool.
	Role string `json:"role"`
	// Name names a tool ("web.run").
	Name     *string        `json:"name"`
	Metadata map[string]any `json:"metadata"`
}

// Content is a message's content. ContentType is text (Parts), thoughts
// (Thoughts), code (Text, Language) or reasoning_recap (Recap).
type Content struct {
	ContentType string    `json:"content_type"`
	Parts       []string  `json:"parts,omitempty"`
	Thoughts    []Thought `json:"thoughts,omitempty"`
	Text        *string   `json:"text,omitempty"`
	Language    string    `json:"language,omitempty"`
	// SourceAnalysisMsgID links a thoughts message to its analysis.
	SourceAnalysisMsgID string `json:"source_analysis_msg_id,omitempty"`
	// Recap is a reasoning_recap message's text ("Thought for 2s").
	Recap string `json:"content,omitempty"`
}

// Thought is one step of a thoughts message.
type Thought struct {
	Summary  string `json:"summary"`
	Content  string `json:"content"`
	Finished bool   `json:"finished"`
}

// Metadata is the part of a message's metadata the mock fills in.
type Metadata struct {
	ModelSlug     string         `json:"model_slug,omitempty"`
	ParentID      string         `json:"parent_id,omitempty"`
	Attachments   []FileRef      `json:"attachments,omitempty"`
	FinishDetails *FinishDetails `json:"finish_details,omitempty"`
	IsComplete    bool           `json:"is_complete,omitempty"`
	// IsVisuallyHidden marks the hidden system message.
	IsVisuallyHidden bool `json:"is_visually_hidden_from_conversation,omitempty"`
	// MockRender is "lossy" for a dom_differs reply: the page renders it
	// with extra losses (raw tags outside code are dropped).
	MockRender string `json:"mock_render,omitempty"`
}

// FinishDetails says why a message ended: stop or interrupted.
type FinishDetails struct {
	Type       string `json:"type"`
	StopTokens []int  `json:"stop_tokens,omitempty"`
}

// FileRef is an attachment as a message's metadata lists it.
type FileRef struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Size     int64  `json:"size"`
	MimeType string `json:"mime_type"`
}

// Text returns the message's text: its parts joined with "\n\n" for text
// content, the code for code content, "" otherwise.
func (m *Message) Text() string {
	switch {
	case m == nil:
		return ""
	case m.Content.Text != nil:
		return *m.Content.Text
	case len(m.Content.Parts) == 1:
		return m.Content.Parts[0]
	}
	out := ""
	for i, p := range m.Content.Parts {
		if i > 0 {
			out += "\n\n"
		}
		out += p
	}
	return out
}

// clone returns a deep copy of m.
func (m *Message) clone() *Message {
	if m == nil {
		return nil
	}
	c := *m
	if m.UpdateTime != nil {
		c.UpdateTime = new(*m.UpdateTime)
	}
	if m.EndTurn != nil {
		c.EndTurn = new(*m.EndTurn)
	}
	if m.Channel != nil {
		c.Channel = new(*m.Channel)
	}
	if m.Author.Name != nil {
		c.Author.Name = new(*m.Author.Name)
	}
	c.Author.Metadata = map[string]any{}
	c.Content.Parts = slices.Clone(m.Content.Parts)
	c.Content.Thoughts = slices.Clone(m.Content.Thoughts)
	if m.Content.Text != nil {
		c.Content.Text = new(*m.Content.Text)
	}
	c.Metadata.Attachments = slices.Clone(m.Metadata.Attachments)
	if m.Metadata.FinishDetails != nil {
		fd := *m.Metadata.FinishDetails
		fd.StopTokens = slices.Clone(fd.StopTokens)
		c.Metadata.FinishDetails = &fd
	}
	return &c
}

// Branch returns the messages from the root to CurrentNode, skipping nodes
// without a message.
func (c *Conversation) Branch() []*Message {
	var out []*Message
	for id := c.CurrentNode; id != ""; {
		n := c.Mapping[id]
		if n == nil {
			break
		}
		if n.Message != nil {
			out = append(out, n.Message)
		}
		if n.Parent == nil {
			break
		}
		id = *n.Parent
	}
	slices.Reverse(out)
	return out
}
