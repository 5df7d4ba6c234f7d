/** The placeholder every prompt template carries, for the user to replace with their business's name. */
export const COMPANY_PLACEHOLDER = '[Company Name]';

/** The placeholder however it is cased or spaced ("[company name]", "[ Company  Name ]"). */
const placeholderPattern = () => /\[\s*company\s+name\s*\]/gi;

/** The prompt still says [Company Name] somewhere: customers would read it as it is. */
export const hasCompanyPlaceholder = (prompt: string) => placeholderPattern().test(prompt);

/** The prompt with the company's name in place of every [Company Name] (taken as written, `$` included). */
export const fillCompanyName = (prompt: string, company: string) =>
  prompt.replace(placeholderPattern(), () => company.trim());
