import AssetCheck

/// The ordered JSON writer lives in AssetCheck (its reports need it and no module imports
/// IconGridCLI); the alias keeps every command's `JSONValue` spelling unchanged.
typealias JSONValue = AssetCheck.JSONValue
