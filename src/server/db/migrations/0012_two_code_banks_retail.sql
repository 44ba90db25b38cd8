-- Issue 32: Standard Chartered, HSBC, Citibank and Maybank each clear under two codes, the wholesale
-- bank's and the locally incorporated retail bank's, and people's salary accounts are usually at the
-- retail one (SCB 9496 SCBLSG22XXX, HSBC 9548 HSBCSGS2XXX, Citibank 9201 CITISGSLXXX, Maybank 9636).
-- Until now an employee at one of these banks with no bank code stored was paid to the wholesale
-- code (7144, 7232, 7214, 7302). The retail code is the default from now on, and this migration
-- writes it into those rows, so the payment information shows the entity the salary files use.
-- NOTE for administrators: an employee whose account is at the wholesale bank (a code 7144, 7232,
-- 7214 or 7302 account) needs that code entered again in their payment information. A code already
-- stored is an explicit choice and is left as it is. docs/statutory-files.md, section 2, says the same.
UPDATE "payment_info" SET "bank_code" = CASE "bank_name"
  WHEN 'Standard Chartered' THEN '9496'
  WHEN 'HSBC' THEN '9548'
  WHEN 'Citibank' THEN '9201'
  WHEN 'Maybank' THEN '9636'
END
WHERE "bank_name" IN ('Standard Chartered', 'HSBC', 'Citibank', 'Maybank')
  AND ("bank_code" IS NULL OR trim("bank_code") = '');
