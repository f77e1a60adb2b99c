import { Field, ID, InputType, ObjectType, registerEnumType } from '@nestjs/graphql';

export enum RoleName {
  PLAYER = 'player',
  ORGANISER = 'organiser',
  MODERATOR = 'moderator',
  ADMIN = 'admin',
}
registerEnumType(RoleName, { name: 'Role' });

@ObjectType('Account')
export class AccountType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => RoleName) role!: RoleName;
}

@ObjectType('AuthPayload')
export class AuthPayload {
  @Field() token!: string;
  @Field({ description: 'ISO-8601: when the token stops being accepted (renewSession before then keeps the session).' })
  expiresAt!: string;
  @Field(() => AccountType) account!: AccountType;
}

@InputType()
export class CredentialsInput {
  @Field() name!: string;
  @Field() password!: string;
}
