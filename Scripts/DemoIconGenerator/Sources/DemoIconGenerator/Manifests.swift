import Foundation

/// One tile of a manifest: the label shown, the asset it draws, and an optional badge.
struct ManifestEntry: Sendable {
  let name: String
  let icon: String
  let badge: Int?

  init(_ name: String, icon: String, badge: Int? = nil) {
    self.name = name
    self.icon = icon
    self.badge = badge
  }
}

/// The flat home screen (`app.plist`, `app.json`): every drawn icon once, in catalog order,
/// Chinese and English labels mixed as on a bilingual phone.
let homeScreen: [ManifestEntry] = [
  ManifestEntry("邮件", icon: "mail", badge: 3),
  ManifestEntry("日历", icon: "calendar"),
  ManifestEntry("照片", icon: "photos"),
  ManifestEntry("Camera", icon: "camera"),
  ManifestEntry("地图", icon: "maps"),
  ManifestEntry("Weather", icon: "weather"),
  ManifestEntry("时钟", icon: "clock"),
  ManifestEntry("备忘录", icon: "notes"),
  ManifestEntry("Reminders", icon: "reminders"),
  ManifestEntry("音乐", icon: "music"),
  ManifestEntry("设置", icon: "settings", badge: 1),
  ManifestEntry("信息", icon: "messages", badge: 12),
  ManifestEntry("Phone", icon: "phone"),
  ManifestEntry("Safari", icon: "safari"),
  ManifestEntry("钱包", icon: "wallet"),
  ManifestEntry("健康", icon: "health"),
  ManifestEntry("Calculator", icon: "calculator"),
  ManifestEntry("指南针", icon: "compass"),
  ManifestEntry("图书", icon: "books"),
  ManifestEntry("Podcasts", icon: "podcasts"),
  ManifestEntry("文件", icon: "files"),
  ManifestEntry("翻译", icon: "translate"),
  ManifestEntry("App Store", icon: "appstore", badge: 5),
  ManifestEntry("通讯录", icon: "contacts"),
  ManifestEntry("Stocks", icon: "stocks"),
  ManifestEntry("FaceTime", icon: "facetime"),
  ManifestEntry("语音备忘录", icon: "recorder"),
  ManifestEntry("Home", icon: "home"),
]

/// The grouped manifest (`grouped.plist`): sections of a settings-style list, each a title and
/// its `apps`. Besides the 28 icons it lists `legacy`, which has only a 1x file (a fallback
/// at 2x and 3x), and `missing-app`, which has no file at all (a placeholder).
let groupedScreen: [(title: String, apps: [ManifestEntry])] = [
  ("常用 Favourites", entries("phone", "messages", "mail", "safari", "camera", "photos", "music", "maps")),
  (
    "工作 Work",
    entries("calendar", "notes", "reminders", "files", "translate", "contacts", "stocks")
      + [ManifestEntry("Legacy 旧版", icon: "legacy")]
  ),
  ("生活 Life", entries("weather", "health", "wallet", "books", "podcasts", "home", "facetime", "appstore")),
  (
    "Utilities",
    entries("clock", "calculator", "compass", "settings", "recorder")
      + [ManifestEntry("Missing App", icon: "missing-app")]
  ),
]

/// The home screen's entries for the given icons, labels and badges included.
private func entries(_ icons: String...) -> [ManifestEntry] {
  icons.map { icon in
    guard let entry = homeScreen.first(where: { $0.icon == icon }) else {
      preconditionFailure("\(icon) is not on the home screen")
    }
    return entry
  }
}

// The manifests are written by hand rather than through Foundation's serializers so that
// keys keep the reading order name, icon, badge and the bytes never change between runs.

/// An XML property list: an array of `{name, icon[, badge]}` dictionaries.
func flatPropertyList(_ entries: [ManifestEntry]) -> String {
  propertyList(body: entries.map { dictionary($0, indent: "\t") }.joined())
}

/// An XML property list: an array of `{title, apps: [{name, icon[, badge]}]}` dictionaries.
func groupedPropertyList(_ groups: [(title: String, apps: [ManifestEntry])]) -> String {
  var body = ""
  for group in groups {
    body += "\t<dict>\n\t\t<key>title</key>\n\t\t<string>\(escapeXML(group.title))</string>\n"
    body += "\t\t<key>apps</key>\n\t\t<array>\n"
    body += group.apps.map { dictionary($0, indent: "\t\t\t") }.joined()
    body += "\t\t</array>\n\t</dict>\n"
  }
  return propertyList(body: body)
}

/// A JSON array of `{"name", "icon"[, "badge"]}` objects, one per line.
func flatJSON(_ entries: [ManifestEntry]) -> String {
  let lines = entries.map { entry in
    var fields = ["\"name\": \(quoteJSON(entry.name))", "\"icon\": \(quoteJSON(entry.icon))"]
    if let badge = entry.badge { fields.append("\"badge\": \(badge)") }
    return "  {" + fields.joined(separator: ", ") + "}"
  }
  return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
}

private func propertyList(body: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
  <plist version="1.0">
  <array>
  \(body)</array>
  </plist>

  """
}

private func dictionary(_ entry: ManifestEntry, indent: String) -> String {
  var text = "\(indent)<dict>\n"
  text += "\(indent)\t<key>name</key>\n\(indent)\t<string>\(escapeXML(entry.name))</string>\n"
  text += "\(indent)\t<key>icon</key>\n\(indent)\t<string>\(escapeXML(entry.icon))</string>\n"
  if let badge = entry.badge {
    text += "\(indent)\t<key>badge</key>\n\(indent)\t<integer>\(badge)</integer>\n"
  }
  return text + "\(indent)</dict>\n"
}

private func escapeXML(_ text: String) -> String {
  text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    .replacingOccurrences(of: ">", with: "&gt;")
}

private func quoteJSON(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case _ where scalar.value < 0x20: out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
