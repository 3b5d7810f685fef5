export { applyScannerPatch, type ScannerErrorCode } from "./apply-scanner-patch";
export { PLATFORM_DEFAULTS } from "./defaults";
export { isPlainObject, mergeSettings } from "./merge";
export { isCssColour, ScannerSettingsSchema, LOCALES, OUTPUTS, WATERMARK_SIZES, type ScannerSettings } from "./schema";
