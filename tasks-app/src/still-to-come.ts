/** tasks-app routes of the shared table that show 功能即将上线 until their screen files exist. */
export const STILL_TO_COME: readonly string[] = [];
