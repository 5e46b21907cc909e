// Filled by the case-keys work of issue 15 (groundwork).
export {};
