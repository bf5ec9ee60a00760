// A sheet's content (tiles, sections) and the manifests that describe it live in
// SheetManifest, which links no FreeType; `import ContactSheet` still brings them.
@_exported import SheetManifest
