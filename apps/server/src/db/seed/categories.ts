/** Attraction categories and subcategories of a fresh install (001 §3 Category). Admins edit them later. */
export const DEMO_CATEGORIES: { name: string; subcategories: string[] }[] = [
  { name: 'טבע', subcategories: ['שמורות טבע', 'מסלולי הליכה', 'חופים', 'מפלים ומעיינות'] },
  { name: 'מוזיאונים', subcategories: ['אמנות', 'היסטוריה', 'מדע וטכנולוגיה'] },
  { name: 'אוכל', subcategories: ['מסעדות', 'שווקים', 'בתי קפה'] },
  { name: 'היסטוריה ומורשת', subcategories: ['אתרים ארכאולוגיים', 'מבצרים וארמונות', 'מקומות קדושים'] },
  { name: 'משפחות', subcategories: ['פארקים', 'גני חיות', 'אטרקציות לילדים'] },
  { name: 'עיר', subcategories: ['רובעים עתיקים', 'תצפיות', 'קניות'] },
];
