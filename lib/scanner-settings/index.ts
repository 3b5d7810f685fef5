export { applyScannerPatch, type ScannerErrorCode } from "./apply-scanner-patch";
export { defaultFilter, PLATFORM_DEFAULTS } from "../../scanner/contract";
export { isPlainObject, mergeSettings } from "./merge";
export { FILTERS, isCssColour, ScannerSettingsSchema, LOCALES, OUTPUTS, WATERMARK_SIZES, type ScannerSettings } from "./schema";
export { settingsJson, storedSettings, storedSettingsFromText } from "./stored-settings";
