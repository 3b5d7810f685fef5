export { applyScannerPatch, type ScannerErrorCode } from "./apply-scanner-patch";
export { PLATFORM_DEFAULTS } from "../../scanner/contract";
export { isPlainObject, mergeSettings } from "./merge";
export { isCssColour, ScannerSettingsSchema, LOCALES, OUTPUTS, WATERMARK_SIZES, type ScannerSettings } from "./schema";
