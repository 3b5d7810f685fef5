export { createProfile } from "./create-profile";
export { deleteProfile } from "./delete-profile";
export { getScannerOverview, type ScannerOverview } from "./get-scanner-overview";
export { insertProfile } from "./insert-profile";
export { updateDefaultSettings } from "./update-default-settings";
export { updateProfile } from "./update-profile";
export { profileView, type ProfileView } from "./views";
