// Chat history with 10,000 sessions and a 5,000-message conversation (the large-data scenario).
// Needs the chat history screen; until it exists the figures are reported as not measured.
export async function chatHistoryScenario(_browser, _siteUrl, _init, _runs) {
  return { measured: false, rows: [['chat history (large data)', 'not measured yet', '']] };
}
