import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, getSchemaPath } from '@nestjs/swagger';
import { CustomerViewDoc, OwnCustomerViewDoc } from '../customers/customer-view.dto.js';
import { ApiCreatedData, ApiOkData } from '../platform/http/envelope.docs.js';

/** The client as the caller sees them: staff the whole view, a customer their own. */
const clientForCaller = {
  oneOf: [{ $ref: getSchemaPath(CustomerViewDoc) }, { $ref: getSchemaPath(OwnCustomerViewDoc) }],
};

const described = (description: string) => ({
  description: `${description} Answers the client as the caller sees them: staff the whole view, a customer their own.`,
});

/** 200 with `{ data: <the client> }` after an assignment command. */
export const ApiOkClient = (description: string) =>
  applyDecorators(
    ApiExtraModels(CustomerViewDoc, OwnCustomerViewDoc),
    ApiOkData(clientForCaller, described(description)),
  );

/** 201 with `{ data: <the client> }` after an assignment command. */
export const ApiCreatedClient = (description: string) =>
  applyDecorators(
    ApiExtraModels(CustomerViewDoc, OwnCustomerViewDoc),
    ApiCreatedData(clientForCaller, described(description)),
  );
