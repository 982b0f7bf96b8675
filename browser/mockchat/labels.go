package mockchat

import (
	"cmp"
	"fmt"
	"maps"
)

// The UI languages the mock's 2026-09 page speaks (Options.Lang, or ?lang=
// on a page URL). Every visible word and every aria-label of that page
// comes from the language's label table, as on the real page, whose
// labels are localised (notes §7: measured in Turkish and Chinese). The
// 2025 and 2026-06 pages stay English: their controls carry testids.
const (
	LangEnglish  = "en"
	LangTurkish  = "tr"
	LangChinese  = "zh-CN"
	LangGerman   = "de"
	LangJapanese = "ja"
	// LangArabic is right to left: <html dir="rtl">.
	LangArabic = "ar"
)

// Langs lists every built-in UI language.
func Langs() []string {
	return []string{LangEnglish, LangTurkish, LangChinese, LangGerman, LangJapanese, LangArabic}
}

// LabelKeys lists the keys of a label table. A table given in
// Options.Labels must have every one of them. removeFile, removePasted
// and uploading are patterns: {n} is the tile's number, {name} the file's
// name; powerAt (the slider's announcement) too: {effort} the effort's
// label, {n} its stop, {of} the stops. effortLow … effortMax label the
// picker's efforts low … max; retiring is the 2026-11 menu's retirement
// notice, tip the popover that can cover one of its rows.
func LabelKeys() []string {
	return []string{"send", "stop", "voice", "composer", "placeholder", "copy", "copied", "rate", "regenerate", "more",
		"actions", "removeFile", "removePasted", "uploading", "complete", "youSaid", "assistantSaid", "thinking",
		"retry", "continue", "modeGroup", "chat", "work", "addFiles", "attachFiles", "attachPhotos", "attachMedia",
		"picker", "effortLow", "effortMedium", "effortHigh", "effortXhigh", "effortMax", "power", "powerHint", "powerAt",
		"moreModels", "back", "retiring", "tip"}
}

// labelTable returns a built-in language's labels, or nil for an unknown
// language; each call builds a fresh table, so a caller may keep or change
// it. English is the live page's (notes §3, §7); the others are the words
// a user of that UI language sees (Turkish "Gönder" and Chinese "发送" were
// measured).
func labelTable(lang string) map[string]string {
	return map[string]map[string]string{
		LangEnglish: {
			"send": "Send", "stop": "Stop", "voice": "Start voice mode", "composer": "Ask ChatGPT", "placeholder": "Ask anything",
			"copy": "Copy", "copied": "Copied", "rate": "Rate response", "regenerate": "Regenerate response", "more": "More actions",
			"actions": "Response actions", "removeFile": "Remove file {n}: {name}", "removePasted": "Remove Pasted text {n}",
			"uploading": "Uploading", "complete": "Response complete", "youSaid": "You said:", "assistantSaid": "ChatGPT said:",
			"thinking": "Thinking", "retry": "Retry", "continue": "Continue generating", "modeGroup": "Composer mode",
			"chat": "Chat", "work": "Work", "addFiles": "Add photos & files", "attachFiles": "Attach files",
			"attachPhotos": "Attach photos", "attachMedia": "Attach photos or videos",
			"picker": "Select ChatGPT model", "effortLow": "Instant", "effortMedium": "Medium", "effortHigh": "High",
			"effortXhigh": "Extra High", "effortMax": "Pro", "power": "Power", "powerHint": "Use Left and Right arrow keys to adjust power",
			"powerAt": "{effort}, {n} of {of}.", "moreModels": "More models", "back": "Back",
			"retiring": "Retires on 15 Jan 2027", "tip": "New: GPT-6.2 Sol",
		},
		LangTurkish: {
			"send": "Gönder", "stop": "Durdur", "voice": "Ses modunu başlat", "composer": "ChatGPT'ye sor", "placeholder": "Herhangi bir şey sor",
			"copy": "Kopyala", "copied": "Kopyalandı", "rate": "Yanıtı değerlendir", "regenerate": "Yanıtı yeniden oluştur", "more": "Diğer eylemler",
			"actions": "Yanıt eylemleri", "removeFile": "{n}. dosyayı kaldır: {name}", "removePasted": "{n}. yapıştırılan metni kaldır",
			"uploading": "Yükleniyor", "complete": "Yanıt tamamlandı", "youSaid": "Şunu dedin:", "assistantSaid": "ChatGPT şunu dedi:",
			"thinking": "Düşünüyor", "retry": "Tekrar dene", "continue": "Oluşturmaya devam et", "modeGroup": "Oluşturucu modu",
			"chat": "Sohbet", "work": "Çalışma", "addFiles": "Fotoğraf ve dosya ekle", "attachFiles": "Dosya ekle",
			"attachPhotos": "Fotoğraf ekle", "attachMedia": "Fotoğraf veya video ekle",
			"picker": "ChatGPT modelini seç", "effortLow": "Anında", "effortMedium": "Orta", "effortHigh": "Yüksek",
			"effortXhigh": "Çok Yüksek", "effortMax": "Pro", "power": "Güç", "powerHint": "Gücü ayarlamak için Sol ve Sağ ok tuşlarını kullanın",
			"powerAt": "{effort}, {n}/{of}.", "moreModels": "Diğer modeller", "back": "Geri",
			"retiring": "15 Ocak 2027'de kullanımdan kalkıyor", "tip": "Yeni: GPT-6.2 Sol",
		},
		LangChinese: {
			"send": "发送", "stop": "停止", "voice": "启动语音模式", "composer": "询问 ChatGPT", "placeholder": "有问题，尽管问",
			"copy": "复制", "copied": "已复制", "rate": "评价回复", "regenerate": "重新生成回复", "more": "更多操作",
			"actions": "回复操作", "removeFile": "移除 {name}", "removePasted": "移除粘贴的文本 {n}",
			"uploading": "正在上传", "complete": "回复已完成", "youSaid": "你说：", "assistantSaid": "ChatGPT 说：",
			"thinking": "正在思考", "retry": "重试", "continue": "继续生成", "modeGroup": "输入模式",
			"chat": "聊天", "work": "工作", "addFiles": "添加照片和文件", "attachFiles": "添加文件",
			"attachPhotos": "添加照片", "attachMedia": "添加照片或视频",
			"picker": "选择 ChatGPT 模型", "effortLow": "即时", "effortMedium": "中", "effortHigh": "高",
			"effortXhigh": "极高", "effortMax": "Pro", "power": "强度", "powerHint": "使用左右方向键调整强度",
			"powerAt": "{effort}，第 {n} 档，共 {of} 档。", "moreModels": "更多模型", "back": "返回",
			"retiring": "将于 2027 年 1 月 15 日停用", "tip": "新：GPT-6.2 Sol",
		},
		LangGerman: {
			"send": "Senden", "stop": "Stoppen", "voice": "Sprachmodus starten", "composer": "ChatGPT fragen", "placeholder": "Frag einfach",
			"copy": "Kopieren", "copied": "Kopiert", "rate": "Antwort bewerten", "regenerate": "Antwort neu generieren", "more": "Weitere Aktionen",
			"actions": "Antwortaktionen", "removeFile": "Datei {n} entfernen: {name}", "removePasted": "Eingefügten Text {n} entfernen",
			"uploading": "Wird hochgeladen", "complete": "Antwort vollständig", "youSaid": "Du hast gesagt:", "assistantSaid": "ChatGPT hat gesagt:",
			"thinking": "Denkt nach", "retry": "Erneut versuchen", "continue": "Weiter generieren", "modeGroup": "Eingabemodus",
			"chat": "Chat", "work": "Arbeit", "addFiles": "Fotos und Dateien hinzufügen", "attachFiles": "Dateien anhängen",
			"attachPhotos": "Fotos anhängen", "attachMedia": "Fotos oder Videos anhängen",
			"picker": "ChatGPT-Modell auswählen", "effortLow": "Sofort", "effortMedium": "Mittel", "effortHigh": "Hoch",
			"effortXhigh": "Sehr hoch", "effortMax": "Pro", "power": "Leistung", "powerHint": "Leistung mit den Pfeiltasten links und rechts anpassen",
			"powerAt": "{effort}, {n} von {of}.", "moreModels": "Weitere Modelle", "back": "Zurück",
			"retiring": "Wird am 15. Jan. 2027 eingestellt", "tip": "Neu: GPT-6.2 Sol",
		},
		LangJapanese: {
			"send": "送信", "stop": "停止", "voice": "音声モードを開始", "composer": "ChatGPT に質問", "placeholder": "何でも聞いてください",
			"copy": "コピーする", "copied": "コピーしました", "rate": "回答を評価", "regenerate": "回答を再生成", "more": "その他の操作",
			"actions": "回答の操作", "removeFile": "ファイル {n} を削除: {name}", "removePasted": "貼り付けたテキスト {n} を削除",
			"uploading": "アップロード中", "complete": "回答が完了しました", "youSaid": "あなた:", "assistantSaid": "ChatGPT:",
			"thinking": "思考中", "retry": "再試行", "continue": "生成を続ける", "modeGroup": "入力モード",
			"chat": "チャット", "work": "ワーク", "addFiles": "写真とファイルを追加", "attachFiles": "ファイルを添付",
			"attachPhotos": "写真を添付", "attachMedia": "写真または動画を添付",
			"picker": "ChatGPT モデルを選択", "effortLow": "即時", "effortMedium": "中", "effortHigh": "高",
			"effortXhigh": "非常に高い", "effortMax": "Pro", "power": "パワー", "powerHint": "左右の矢印キーでパワーを調整",
			"powerAt": "{effort}、{of} 段階中 {n}。", "moreModels": "その他のモデル", "back": "戻る",
			"retiring": "2027年1月15日に提供終了", "tip": "新登場: GPT-6.2 Sol",
		},
		LangArabic: {
			"send": "إرسال", "stop": "إيقاف", "voice": "بدء الوضع الصوتي", "composer": "اسأل ChatGPT", "placeholder": "اسأل عن أي شيء",
			"copy": "نسخ", "copied": "تم النسخ", "rate": "تقييم الرد", "regenerate": "إعادة إنشاء الرد", "more": "مزيد من الإجراءات",
			"actions": "إجراءات الرد", "removeFile": "إزالة الملف {n}: {name}", "removePasted": "إزالة النص الملصق {n}",
			"uploading": "جارٍ الرفع", "complete": "اكتمل الرد", "youSaid": "قلت:", "assistantSaid": "قال ChatGPT:",
			"thinking": "يفكر", "retry": "إعادة المحاولة", "continue": "متابعة الإنشاء", "modeGroup": "وضع الكتابة",
			"chat": "دردشة", "work": "عمل", "addFiles": "إضافة صور وملفات", "attachFiles": "إرفاق ملفات",
			"attachPhotos": "إرفاق صور", "attachMedia": "إرفاق صور أو مقاطع فيديو",
			"picker": "اختر نموذج ChatGPT", "effortLow": "فوري", "effortMedium": "متوسط", "effortHigh": "عالٍ",
			"effortXhigh": "عالٍ جدًا", "effortMax": "Pro", "power": "القوة", "powerHint": "استخدم مفتاحي السهم الأيسر والأيمن لضبط القوة",
			"powerAt": "{effort}، {n} من {of}.", "moreModels": "نماذج أخرى", "back": "رجوع",
			"retiring": "سيتم إيقافه في 15 يناير 2027", "tip": "جديد: GPT-6.2 Sol",
		},
	}[lang]
}

// isRTL reports whether lang is written right to left.
func isRTL(lang string) bool {
	switch lang {
	case LangArabic, "he", "fa", "ur":
		return true
	}
	return false
}

// CheckLang accepts "" (English) and the names of Langs.
func CheckLang(lang string) error {
	if lang == "" || labelTable(lang) != nil {
		return nil
	}
	return fmt.Errorf("mockchat: unknown UI language %q (known: %v)", lang, Langs())
}

// CheckLabels accepts nil or a table with every key of LabelKeys, none
// empty.
func CheckLabels(t map[string]string) error {
	if t == nil {
		return nil
	}
	for _, k := range LabelKeys() {
		if t[k] == "" {
			return fmt.Errorf("mockchat: the label table has no %q", k)
		}
	}
	return nil
}

// Labels returns a copy of a built-in language's label table ("" is
// English), or nil for an unknown language.
func Labels(lang string) map[string]string {
	if lang == "" {
		lang = LangEnglish
	}
	return labelTable(lang)
}

// pageLabels is what a page load speaks: Options.Labels when given (a
// test's own table), else the language of ?lang= or Options.Lang. dir is
// "rtl" for a right-to-left language.
func (s *Server) pageLabels(query string) (lang, dir string, table map[string]string, err error) {
	for _, l := range []string{query, s.opts.Lang} {
		if err := CheckLang(l); err != nil {
			return "", "", nil, err
		}
	}
	lang = cmp.Or(query, s.opts.Lang, LangEnglish)
	table = Labels(lang)
	if s.opts.Labels != nil && query == "" {
		table = maps.Clone(s.opts.Labels)
	}
	dir = "ltr"
	if isRTL(lang) {
		dir = "rtl"
	}
	return lang, dir, table, nil
}
