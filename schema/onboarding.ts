// No zod here: the admin landing page reads these, and its bundle stays without the form rules.

/**
 * The onboarding tracker's steps by their task names, with their titles: the facility definitions
 * (spec section 4's facility setup step titles), then the rest of onboarding.
 */
export const ONBOARDING_TASK_TITLES = {
  DefineSystemRelations: "DEFINE SYSTEM RELATIONSHIPS",
  AddBasicFinancialInformation: "ADD BASIC FINANCIAL INFORMATION",
  ProvideBasicHrGuidelines: "PROVIDE BASIC HR GUIDELINES",
  JobCategorization: "JOB CATEGORIZATION",
  AddCostCenters: "COST CENTERS",
  UploadData: "UPLOAD DATA FILES",
  AddUserAccessibility: "USER ACCESSIBILITY",
} as const;
export type OnboardingTask = keyof typeof ONBOARDING_TASK_TITLES;
