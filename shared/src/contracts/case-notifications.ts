// Filled by the case-notifications work of issue 15 (groundwork).
export {};
