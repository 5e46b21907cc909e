// Filled by the case-files work of issue 15 (groundwork).
export {};
