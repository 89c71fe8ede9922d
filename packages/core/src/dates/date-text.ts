/** How a date field holds a range of days ("start - end") and a list of days ("a;b"). */
export const DATE_RANGE_SEPARATOR = ' - ';
export const DATE_LIST_SEPARATOR = ';';
