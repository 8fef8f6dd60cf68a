import type { DemoDocument } from '../types.js';

export const INTERVIEWS_06_10: readonly DemoDocument[] = [
  {
    id: 'interview-06-wildfire-season',
    kind: 'interview',
    title: 'Heading into fire season: a state fire chief on readiness and risk',
    intendedFraming: 'neutral',
    turn: 'mixed',
    text: `HOST: The official start of wildfire season is two weeks away in much of the West, and fire agencies are making their final preparations. Chief Rosalind Tran oversees wildland fire operations for the state forestry department. She joins us from the agency's coordination center. Chief, thanks for being here.

CHIEF TRAN: Happy to be here.

HOST: Let's begin with the big picture. How does this season look compared with the last few?

CHIEF TRAN: It is a genuinely mixed picture, and I think it is important to give people both sides. On the positive side, we had a wet winter. Snowpack in the northern mountains peaked at about 118 percent of normal, and it melted slowly, which keeps the soil and the larger fuels, the logs and standing timber, moist well into summer. Our seasonal outlook, which we put together with federal forecasters, shows below-normal large fire potential for the northern third of the state through July.

HOST: And the other side?

CHIEF TRAN: The same wet winter that helps us in the forests grew an enormous crop of grass at lower elevations. In the foothills and the valleys, we are looking at grass loads two to three times what we saw last year. Grass dries out fast. By late June it will be fully cured, and grass fires move quickly, they are wind-driven, and they tend to happen right next to where people live. So our outlook for the southern and central foothills is above normal, particularly from July onward.

HOST: How prepared are you for that?

CHIEF TRAN: Better in some ways than we have ever been. The legislature approved funding for 26 new year-round engine crews, which means we are not trying to hire and train everyone in May. We have two additional large air tankers on exclusive contract, and a new network of about 900 cameras on mountaintops that use software to flag smoke. Last season those cameras spotted 40 percent of our new fires before the first 911 call.

HOST: Are there gaps?

CHIEF TRAN: There are. Recruitment is the biggest one. We are funded for more positions than we can fill. Seasonal firefighting is hard, dangerous work, and the pay has not kept up with what people can earn in construction or in local city fire departments. We are about 11 percent below our target staffing right now. We are making it up with overtime, which means tired crews in August and September, and that is a safety issue.

HOST: The state has talked a lot about prescribed fire and fuel reduction. How is that going?

CHIEF TRAN: We treated about 212,000 acres last year with prescribed burns and mechanical thinning, which is a record for us. That is real progress. But to put it in perspective, scientists estimate we would need to treat well over a million acres a year for a decade to change the overall trajectory. So we are moving in the right direction, but the scale of the problem is much larger than what we are doing.

HOST: What is holding it back?

CHIEF TRAN: The window for safe prescribed burning is narrow; it needs the right humidity, wind and temperature, and air quality rules limit the number of burn days. There is also public concern about smoke, which I understand. And we have a limited number of people qualified to lead a burn, the same people we need on wildfires in summer.

HOST: Insurance has become a major issue for people who live in fire-prone areas. Several companies have stopped writing new policies. Does that affect your work?

CHIEF TRAN: Not directly, but we hear about it constantly. The insurance question is outside my lane, but I can say this: homes that have defensible space, meaning vegetation cleared within 100 feet and ember-resistant vents and roofs, survive at far higher rates. Our home hardening program inspected 48,000 properties last year. I would encourage anyone in a high-risk area to request an inspection. It is free.

HOST: What should residents be doing right now?

CHIEF TRAN: Three things. Clear dry grass and brush around your home, especially the first five feet. Sign up for your county's emergency alerts, because evacuation orders now go out by text. And have a plan for where you would go and what you would take, including pets and medications. Most of the people we lose in wildfires are lost in the first hours, when they wait too long.

HOST: Is there anything that makes you optimistic this year?

CHIEF TRAN: The cameras and the year-round crews. Our initial attack success rate, the share of fires we catch while they are still small, was 96 percent last year. The question is always the other 4 percent. And that is largely up to the weather.

HOST: Chief Rosalind Tran, thank you.

CHIEF TRAN: Thank you.`,
  },
  {
    id: 'interview-07-startup-founder',
    kind: 'interview',
    title: 'The founder of a grocery-delivery robot startup on growth, and on layoffs',
    intendedFraming: 'negative',
    turn: 'positive-to-negative',
    text: `HOST: Three years ago, Priya Raman left a job at a large technology company to start Trundle, which makes small sidewalk robots that deliver groceries within a two-mile radius. The company now operates in four cities. This morning, it announced it is laying off about a third of its staff. Priya Raman joins us. Priya, thank you for coming on, on what must be a difficult day.

PRIYA RAMAN: Thanks for having me. It is a difficult day, yes.

HOST: We'll come to that. But first, for people who have not seen one, what is a Trundle robot?

PRIYA RAMAN: Picture a cooler on six wheels, about knee-high, with a lid that locks. You order from a partner grocery store, a store worker loads the robot, and it drives itself along the sidewalk to your door at about walking speed. When it arrives, you get a text, open it with your phone, and take your groceries. A typical trip is about 20 minutes.

HOST: And it has been popular.

PRIYA RAMAN: It has surpassed everything we hoped for. We did our first delivery in a single neighborhood in Austin in 2021. Last month we completed our two millionth delivery. We have about 1,400 robots on the road across four cities, and in our most mature neighborhoods, about one in five households used us at least once in the past month. Our customer satisfaction scores are the highest in the category, and people name the robots. There is one in Pittsburgh called Sir Reginald that has its own fan page.

HOST: What about the economics? Delivery is notoriously hard to make profitable.

PRIYA RAMAN: It is. The promise of robots is that the cost per delivery drops as you scale, because you are not paying a driver for each trip. We got our cost per delivery from about $11 in the first year to about $3.90 now. That was real progress, and it is the achievement I am proudest of.

HOST: So what happened?

PRIYA RAMAN: A few things at once. We needed that cost to get below about $2.50 to break even, and the last dollar has proved much harder than the first seven. Robots need more maintenance in winter than we planned for, particularly in snow and salt. We have had to keep remote operators watching more of the fleet than we projected, because of construction and crowded sidewalks. And two of our grocery partners renegotiated their contracts this year, which cut our revenue per order.

HOST: And funding?

PRIYA RAMAN: That is the biggest factor. We were planning to raise our next round of funding this spring. The market for this kind of company has changed dramatically. Investors who were enthusiastic eighteen months ago now want to see a clear path to profitability within a year or two, and we could not show that without cutting costs. So we raised a smaller amount than we needed, on terms that were not great, and we had to make the plan fit the money.

HOST: Which meant the layoffs.

PRIYA RAMAN: Yes. We are letting go of 86 people, out of about 260. We are also pausing the launch we had planned in Denver and shutting down service in one of our four cities, Columbus, at the end of next month. Every person affected gets twelve weeks of severance and six months of health coverage, and we are helping with job placement. But that does not make it okay. Many of these people left good jobs to join us. Some of them relocated. I hired most of them myself.

HOST: How much runway does the company have now?

PRIYA RAMAN: With these changes, about 20 months. That is enough time to reach profitability in our three remaining cities if everything goes to plan. If it does not, we will be having a harder conversation next year.

HOST: Some critics say sidewalk robots were never going to work, that they are a solution in search of a problem.

PRIYA RAMAN: I do not agree, but I understand why people say it. Several of our competitors have already shut down. I still believe the customers want it. Whether we can run it profitably at the scale we need, in the time we have, is the question. I would be lying if I told you I was certain.

HOST: Priya Raman, founder and chief executive of Trundle. Thank you for your candor.

PRIYA RAMAN: Thank you.`,
  },
  {
    id: 'interview-08-coach-after-loss',
    kind: 'interview',
    title: 'Coach Dana Whitfield after Bayside\'s tournament exit',
    intendedFraming: 'positive',
    turn: 'negative-to-positive',
    text: `HOST: We are at the arena, and joining us now is Bayside State head coach Dana Whitfield, whose team was knocked out of the conference tournament tonight, 71 to 58, by top seed Northridge. Coach, thanks for stopping by. Tough one.

COACH WHITFIELD: It was. I am not going to sugarcoat it. We did not play well. Northridge was the better team tonight, clearly. We shot 31 percent from the field, we were 4 for 22 from three, and we turned it over 17 times. You cannot do that against a team this good and expect to stay in it.

HOST: The second quarter in particular seemed to get away from you.

COACH WHITFIELD: That was the game. We were down three after the first, and then they went on a 16 to 2 run, and we just did not respond. We got rattled by the press, we stopped moving the ball, and I did not do a good enough job getting us settled. I called two timeouts, and neither one fixed it. That is on me as much as anyone.

HOST: Kiara Holt had a rough night.

COACH WHITFIELD: She did, 2 for 13. But Kiara has carried us all year, and she will carry us again. Nobody in that locker room is blaming her, and I am certainly not.

HOST: Step back for a moment. When you took this job two years ago, the program had won six games. This season you won 21.

COACH WHITFIELD: Yeah. And that is the part I want our players to remember tomorrow, once the sting wears off. Two years ago, we had eight players on the roster and one of them was a walk-on from the volleyball team. This year we won 21 games, we beat two ranked opponents, and we played in a conference semifinal for the first time since 2009. The crowd tonight was the largest we have had for a women's game in school history. That does not happen by accident. These young women built that.

HOST: And next year?

COACH WHITFIELD: That is the exciting part. We lose only one senior. Kiara is a sophomore. Our starting point guard, Alana Brooks, is a freshman, and I thought she was the best player on the floor for us tonight: 14 points, 6 assists, and she never backed down against their press. We have two strong recruits coming in, including a 6-foot-3 forward who I think will make an immediate difference inside. I think we are going to be a very good team next year, and I think this loss will be part of the reason why.

HOST: How so?

COACH WHITFIELD: We learned what it takes. You can talk about it in practice, but until you feel a team like Northridge press you for 40 minutes, you do not really know. Now we know. We will be in the gym on Monday.

HOST: Coach Dana Whitfield, thank you, and congratulations on a terrific season.

COACH WHITFIELD: Thank you. Appreciate it.`,
  },
  {
    id: 'interview-09-housing-shortage',
    kind: 'interview',
    title: 'Why is housing so scarce in Cedar Valley? An economist and a builder explain',
    intendedFraming: 'neutral',
    turn: 'none',
    text: `HOST: Rents in the Cedar Valley metro area have risen about 38 percent over five years, and the median home price recently passed $520,000. A new report from the regional planning council estimates the area is short roughly 24,000 homes. To talk about what is behind the shortage and what might be done about it, we have two guests. Dr. Helen Marsh is a housing economist at Cedar Valley University, and she co-authored the report. And Tomás Ochoa runs a mid-sized homebuilding company that has been building in the area for twenty years. Welcome to you both.

DR. MARSH: Thank you.

TOMÁS OCHOA: Glad to be here.

HOST: Dr. Marsh, let's start with that number, 24,000 homes. How did you arrive at it?

DR. MARSH: We compared the number of households that would exist if people could form them freely, for example young adults who would like to move out of their parents' homes, or roommates who would like to live alone, with the number of homes that actually exist. We also accounted for a healthy vacancy rate, about 5 percent for rentals, which a market needs to function. Our vacancy rate is currently around 2.3 percent. The gap between what the region would need and what it has comes to roughly 24,000 units, with a range of about 19,000 to 29,000 depending on the assumptions.

HOST: How did the region fall so far behind?

DR. MARSH: Mostly through slow, steady underbuilding over more than a decade. Between 2012 and 2022, the region added about 61,000 jobs and about 29,000 homes. A common rule of thumb is that you need one new home for every one and a half new jobs to keep pace. We were building at roughly half that rate.

HOST: Tomás, from a builder's point of view, why has so little been built?

TOMÁS OCHOA: There is not one reason. Land is the first. Most of the land near jobs and transit is zoned for single-family homes on fairly large lots. If I want to build townhouses or a small apartment building, I usually need a rezoning, which can take 14 to 18 months and involves public hearings with no guarantee of success. Second, fees. On a typical new single-family home here, impact and permit fees are around $48,000. Third, construction costs. Materials went up sharply in 2021 and 2022 and have not come back down much, and skilled labor is hard to find.

HOST: And interest rates?

TOMÁS OCHOA: Those matter a lot. When rates went up, two things happened. Our construction loans became more expensive, and many buyers could no longer qualify for the homes we were building, so some projects stopped making financial sense. I have two subdivisions with approvals that I have paused.

HOST: Dr. Marsh, what does the report recommend?

DR. MARSH: We lay out several options rather than a single answer. One is allowing more kinds of housing, duplexes, townhouses, small apartment buildings, by right in areas currently zoned only for single-family homes, particularly near transit corridors. Another is shortening and standardizing approval timelines. A third is reducing or deferring certain fees for smaller units. And we look at public investment in subsidized affordable housing, because the market on its own is unlikely to produce homes for households earning below about 60 percent of the area median income.

HOST: How much difference would zoning changes make?

DR. MARSH: The evidence is mixed on the size of the effect, and it is slow. Cities that have made these changes, in the United States and abroad, have generally seen an increase in permits for small multi-unit buildings, but it takes several years, and the effect on prices is gradual. It is not a quick fix. Our modeling suggests the full set of recommendations might add 1,500 to 2,500 units per year above the current pace.

HOST: Tomás, would zoning changes change what you build?

TOMÁS OCHOA: Yes, if they come with predictable approvals. The uncertainty costs more than people realise. If I knew that a fourplex on a corner lot would be approved in 90 days as long as it met the code, I would build a lot of them.

HOST: Some residents worry that more density will change the character of their neighborhoods, add traffic and strain schools.

DR. MARSH: Those are legitimate concerns, and the report discusses them. Research on traffic generally finds modest effects from gradual infill, but effects vary by location. School enrollment in many of our older neighborhoods is actually declining, partly because young families cannot afford to move in. These are trade-offs, and it is ultimately a decision for elected officials and residents.

HOST: What happens next?

DR. MARSH: The planning council will hold public workshops in each of the seven member cities this fall. Any zoning changes would have to be adopted by individual city councils.

HOST: Dr. Helen Marsh and Tomás Ochoa, thank you both.

TOMÁS OCHOA: Thank you.

DR. MARSH: Thank you.`,
  },
  {
    id: 'interview-10-heat-wave',
    kind: 'interview',
    title: 'Day six of the heat wave: a public health director on cooling centers and hospitals',
    intendedFraming: 'negative',
    turn: 'positive-to-negative',
    text: `HOST: For a sixth straight day, temperatures in the Granton metro area are forecast to top 105 degrees. Dr. Femi Adeyemi is the county's director of public health. Dr. Adeyemi, thank you for taking the time, I know you are busy.

DR. ADEYEMI: Glad to be with you.

HOST: When this began, there was a lot of talk about how much better prepared the county was than during the heat wave three years ago. Has that held up?

DR. ADEYEMI: In many respects, yes. After 2021, we rewrote our heat plan from scratch. We now have 64 cooling centers open, compared with 19 back then, and 22 of them are open around the clock. We have buses and rideshare vouchers to get people there. Every day, outreach teams are checking on about 3,000 older adults who live alone and signed up for our registry. And our text alerts now reach about 410,000 residents. In the first few days, I was genuinely encouraged. Cooling center use was up, emergency calls for heat illness were lower than we modeled, and people were looking out for each other.

HOST: What has changed since then?

DR. ADEYEMI: The duration. Heat is cumulative. The body can cope with one or two very hot days, particularly if it cools off at night. But overnight lows have not dropped below 88 degrees since Saturday. People in homes without air conditioning, or whose air conditioning cannot keep up, never get a chance to recover. We are now seeing the effects of that.

HOST: What are the numbers?

DR. ADEYEMI: Emergency departments have treated 1,140 people for heat-related illness since the heat wave began, more than half of them in the last 48 hours. Four of our hospitals reported that they were at or over capacity yesterday afternoon, and two were diverting ambulances for several hours. We have confirmed nine heat-related deaths so far, and the medical examiner is investigating a further 23 deaths in which heat may have played a role. I expect the number to rise.

HOST: Who is being affected most?

DR. ADEYEMI: Older adults, people with heart and kidney disease, and people experiencing homelessness. But we are also seeing outdoor workers, construction, agriculture, delivery drivers. Several of the deaths under investigation were people found in their homes, alone, with the air conditioning off or broken. Many were afraid of high electricity bills.

HOST: There have been power outages too.

DR. ADEYEMI: Yes, and that is my biggest worry today. The utility has asked people to conserve power between 4 and 9 p.m., and last night about 38,000 customers lost power for periods of up to six hours. If that happens during the hottest part of the day, with a large number of people depending on air conditioning to stay alive, it could be catastrophic.

HOST: When is relief expected?

DR. ADEYEMI: The forecast shows temperatures staying above 105 through Sunday, which would make this the longest stretch on record. Some relief could come early next week. Please check on your neighbors, especially older people living alone, and do not hesitate to call 911 for confusion, fainting or a very high body temperature.

HOST: Dr. Femi Adeyemi, thank you.`,
  },
];
